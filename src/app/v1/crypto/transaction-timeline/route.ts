import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createTimeline } from '@/server/services/crypto/timeline';
import { allow } from '@/server/http/options';

export const POST = api(ops.createTransactionTimeline, (ctx, { body }, tx) => createTimeline(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
