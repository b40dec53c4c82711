import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { revokeGrant } from '@/server/services/matters/authority';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.revokeAuthorityGrant, (ctx, { params, body }, tx) =>
  revokeGrant(ctx, tx, params.matter_id, params.authority_id, body),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
