import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getNetworkAttribution } from '@/server/services/network/signals';

export const GET = api(ops.getNetworkAttribution, (ctx, { params }, db) =>
  getNetworkAttribution(ctx, db, params.network_attribution_id),
);

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
