import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listEvents } from '@/server/services/webhooks/events';

export const GET = api(ops.listEvents, (ctx, { query }, db) => listEvents(ctx, db, query));

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
