import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createPacket } from '@/server/services/packets/create';

export const POST = api(ops.createExchangeInterceptPacket, (ctx, { body }, tx) =>
  createPacket(ctx, tx, 'exchange_intercept', body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
