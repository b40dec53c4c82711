import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { health } from '@/server/services/health/health';

export const GET = api(ops.getHealth, (ctx, _i, db) => health(ctx, db));

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
