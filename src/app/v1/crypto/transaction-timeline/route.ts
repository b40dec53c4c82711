import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createTimeline } from '@/server/services/crypto/timeline';

export const POST = api(ops.createTransactionTimeline, (ctx, { body }, tx) => createTimeline(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
