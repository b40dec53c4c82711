import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { scoreClaim } from '@/server/services/attribution/claims';
import { allow } from '@/server/http/options';

export const POST = api(ops.scoreAttributionClaim, (ctx, { body }, tx) => scoreClaim(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
