import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getWatchlist } from '@/server/services/monitoring/watchlists';

export const GET = api(ops.getWatchlist, (ctx, { params }, db) => getWatchlist(ctx, db, params.watchlist_id));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
