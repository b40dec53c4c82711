import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { scoreClaim } from '@/server/services/attribution/claims';

export const POST = api(ops.scoreAttributionClaim, (ctx, { body }, tx) => scoreClaim(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
