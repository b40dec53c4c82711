import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getRelationship, updateRelationship } from '@/server/services/relationships/relationships';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getRelationship, (ctx, { params }, db) => getRelationship(ctx, db, params.relationship_id));
export const PATCH = api(ops.updateRelationship, (ctx, { params, body }, tx) =>
  updateRelationship(ctx, tx, params.relationship_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
