import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { grantAuthority, listGrants } from '@/server/services/matters/authority';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.grantAuthority, (ctx, { params, body }, tx) =>
  grantAuthority(ctx, tx, params.matter_id, body),
);
export const GET = api(ops.listAuthorityGrants, (ctx, { params, query }, db) =>
  listGrants(ctx, db, params.matter_id, query),
);

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
