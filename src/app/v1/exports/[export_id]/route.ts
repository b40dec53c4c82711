import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getExport } from '@/server/services/exports/exports';

export const GET = api(ops.getExport, (ctx, { params }, db) => getExport(ctx, db, params.export_id));

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
