import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getWatchlist } from '@/server/services/monitoring/watchlists';
import { allow } from '@/server/http/options';

export const GET = api(ops.getWatchlist, (ctx, { params }, db) => getWatchlist(ctx, db, params.watchlist_id));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
