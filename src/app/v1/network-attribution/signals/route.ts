import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createSignal } from '@/server/services/network/signals';

export const POST = api(ops.createNetworkSignal, (ctx, { body }, tx) => createSignal(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
