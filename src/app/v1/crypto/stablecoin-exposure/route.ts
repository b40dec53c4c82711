import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { stablecoinExposureOp } from '@/server/services/crypto/exchange-hypotheses-op';
import { allow } from '@/server/http/options';

export const POST = api(ops.computeStablecoinExposure, (ctx, { body }, tx) => stablecoinExposureOp(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
