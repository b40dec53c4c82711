import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getPacket, updatePacket } from '@/server/services/packets/packets';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getPacket, (ctx, { params }, db) => getPacket(ctx, db, params.packet_id));
export const PATCH = api(ops.updatePacket, (ctx, { params, body }, tx) =>
  updatePacket(ctx, tx, params.packet_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
