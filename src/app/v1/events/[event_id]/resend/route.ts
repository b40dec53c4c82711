import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { resendEvent } from '@/server/services/webhooks/events';

export const POST = api(ops.resendEvent, (ctx, { params, body }, tx) => resendEvent(ctx, tx, params.event_id, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
