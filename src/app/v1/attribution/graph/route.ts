import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createGraph } from '@/server/services/attribution/graph';

export const POST = api(ops.createAttributionGraph, (ctx, { body }, tx) => createGraph(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
