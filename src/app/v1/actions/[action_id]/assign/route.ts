import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { assignAction } from '@/server/services/actions/actions';

export const POST = api(ops.assignAction, (ctx, { params, body }, tx) => assignAction(ctx, tx, params.action_id, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
