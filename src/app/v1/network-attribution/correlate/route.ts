import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { correlate } from '@/server/services/network/signals';
import { allow } from '@/server/http/options';

export const POST = api(ops.correlateNetworkSignals, (ctx, { body }, tx) => correlate(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
