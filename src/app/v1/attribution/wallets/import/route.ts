import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { importWallets } from '@/server/services/attribution/wallets';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.importWallets, (ctx, { body }, tx) => importWallets(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
