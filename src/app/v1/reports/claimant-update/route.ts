import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createClaimantUpdate } from '@/server/services/reports/reports';

export const POST = api(ops.createClaimantUpdate, (ctx, { body }, tx) => createClaimantUpdate(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
