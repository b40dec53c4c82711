import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createSignal } from '@/server/services/network/signals';

export const POST = api(ops.createNetworkSignal, (ctx, { body }, tx) => createSignal(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
