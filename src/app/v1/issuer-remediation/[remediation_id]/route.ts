import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getRemediation } from '@/server/services/issuer/remediations';
import { allow } from '@/server/http/options';

export const GET = api(ops.getIssuerRemediation, (ctx, { params }, db) =>
  getRemediation(ctx, db, params.remediation_id),
);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
