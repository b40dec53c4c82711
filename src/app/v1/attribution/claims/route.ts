import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createClaim } from '@/server/services/attribution/claims';

export const POST = api(ops.createAttributionClaim, (ctx, { body }, tx) => createClaim(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
