import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { updateUser } from '@/server/services/organizations/users';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const PATCH = api(ops.updateUser, (ctx, { params, body }, tx) =>
  updateUser(ctx, tx, params.organization_id, params.user_id, body),
);

export const OPTIONS = allow('PATCH');
export { GET, POST, PUT, DELETE } from '@/server/http/unserved';
