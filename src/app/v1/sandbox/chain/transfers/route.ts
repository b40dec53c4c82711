import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createSandboxTransfer } from '@/server/services/chain/sandbox-transfers';

export const POST = api(ops.createSandboxTransfer, (ctx, { body }, tx) => createSandboxTransfer(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
