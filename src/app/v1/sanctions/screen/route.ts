import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createScreen } from '@/server/services/sanctions/screens';

export const POST = api(ops.screenSanctions, (ctx, { body }, tx) => createScreen(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
