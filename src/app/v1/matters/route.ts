import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createMatter, listMatters } from '@/server/services/matters/matters';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createMatter, (ctx, { body }, tx) => createMatter(ctx, tx, body));
export const GET = api(ops.listMatters, (ctx, { query }, db) => listMatters(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
