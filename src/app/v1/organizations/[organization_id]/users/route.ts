import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { inviteUser, listUsers } from '@/server/services/organizations/users';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.inviteUser, (ctx, { params, body }, tx) =>
  inviteUser(ctx, tx, params.organization_id, body),
);
export const GET = api(ops.listUsers, (ctx, { params, query }, db) =>
  listUsers(ctx, db, params.organization_id, query),
);

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
