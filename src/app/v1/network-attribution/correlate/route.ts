import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { correlate } from '@/server/services/network/signals';

export const POST = api(ops.correlateNetworkSignals, (ctx, { body }, tx) => correlate(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
