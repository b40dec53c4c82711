import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createRemediation } from '@/server/services/issuer/remediations';

export const POST = api(ops.createIssuerFreezePacket, (ctx, { body }, tx) =>
  createRemediation(ctx, tx, 'freeze_only', body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
