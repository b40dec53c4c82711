import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createOrganization, listOrganizations } from '@/server/services/organizations/organizations';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createOrganization, (ctx, { body }, tx) => createOrganization(ctx, tx, body));
export const GET = api(ops.listOrganizations, (ctx, { query }, db) => listOrganizations(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
