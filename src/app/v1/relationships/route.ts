import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createRelationship, listRelationships } from '@/server/services/relationships/relationships';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createRelationship, (ctx, { body }, tx) => createRelationship(ctx, tx, body));
export const GET = api(ops.listRelationships, (ctx, { query }, db) => listRelationships(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
