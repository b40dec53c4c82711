import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { exchangeHypothesesOp } from '@/server/services/crypto/exchange-hypotheses-op';
import { allow } from '@/server/http/options';

export const POST = api(ops.computeExchangeHypotheses, (ctx, { body }, tx) => exchangeHypothesesOp(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
