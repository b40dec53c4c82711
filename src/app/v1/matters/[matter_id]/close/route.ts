import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { closeMatter } from '@/server/services/matters/matters';

export const POST = api(ops.closeMatter, (ctx, { params, body }, tx) => closeMatter(ctx, tx, params.matter_id, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
