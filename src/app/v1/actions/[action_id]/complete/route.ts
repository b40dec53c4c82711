import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { completeAction } from '@/server/services/actions/actions';

export const POST = api(ops.completeAction, (ctx, { params, body }, tx) =>
  completeAction(ctx, tx, params.action_id, body),
);

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
