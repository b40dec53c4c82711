import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createPacket } from '@/server/services/packets/create';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createExchangeInterceptPacket, (ctx, { body }, tx) =>
  createPacket(ctx, tx, 'exchange_intercept', body),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
