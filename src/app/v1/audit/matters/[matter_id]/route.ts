import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listMatterAudit } from '@/server/services/audit/read';

export const GET = api(ops.listMatterAudit, (ctx, { params, query }, db) =>
  listMatterAudit(ctx, db, params.matter_id, query),
);

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
