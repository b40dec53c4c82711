import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getAssetMap } from '@/server/services/crypto/asset-map';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getAssetMap, (ctx, { params }, db) => getAssetMap(ctx, db, params.map_id));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
