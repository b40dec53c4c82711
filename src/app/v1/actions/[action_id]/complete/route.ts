import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { completeAction } from '@/server/services/actions/actions';

export const POST = api(ops.completeAction, (ctx, { params, body }, tx) =>
  completeAction(ctx, tx, params.action_id, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
