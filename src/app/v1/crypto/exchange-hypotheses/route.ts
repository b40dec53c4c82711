import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { exchangeHypothesesOp } from '@/server/services/crypto/exchange-hypotheses-op';

export const POST = api(ops.computeExchangeHypotheses, (ctx, { body }, tx) => exchangeHypothesesOp(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
