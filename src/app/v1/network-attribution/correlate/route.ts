import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { correlate } from '@/server/services/network/signals';

export const POST = api(ops.correlateNetworkSignals, (ctx, { body }, tx) => correlate(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
