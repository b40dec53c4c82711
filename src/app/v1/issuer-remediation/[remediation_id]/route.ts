import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getRemediation } from '@/server/services/issuer/remediations';

export const GET = api(ops.getIssuerRemediation, (ctx, { params }, db) =>
  getRemediation(ctx, db, params.remediation_id),
);

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
