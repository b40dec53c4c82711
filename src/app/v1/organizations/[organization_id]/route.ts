import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getOrganization, updateOrganization } from '@/server/services/organizations/organizations';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getOrganization, (ctx, { params }, db) => getOrganization(ctx, db, params.organization_id));
export const PATCH = api(ops.updateOrganization, (ctx, { params, body }, tx) =>
  updateOrganization(ctx, tx, params.organization_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
