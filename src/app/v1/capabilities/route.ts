import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { capabilities } from '@/server/services/health/health';

export const GET = api(ops.getCapabilities, async (ctx) => capabilities(ctx));

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
