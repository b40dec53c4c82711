import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { revokeKey } from '@/server/services/organizations/api-keys';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.revokeApiKey, (ctx, { params }, tx) =>
  revokeKey(ctx, tx, params.organization_id, params.key_id),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
