import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createTimeline } from '@/server/services/crypto/timeline';

export const POST = api(ops.createTransactionTimeline, (ctx, { body }, tx) => createTimeline(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
