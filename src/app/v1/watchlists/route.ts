import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createWatchlist, listWatchlists } from '@/server/services/monitoring/watchlists';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createWatchlist, (ctx, { body }, tx) => createWatchlist(ctx, tx, body));
export const GET = api(ops.listWatchlists, (ctx, { query }, db) => listWatchlists(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
