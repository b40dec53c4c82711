import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { issueKey, listKeys } from '@/server/services/organizations/api-keys';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.issueApiKey, (ctx, { params, body }, tx) =>
  issueKey(ctx, tx, params.organization_id, body),
);
export const GET = api(ops.listApiKeys, (ctx, { params, query }, db) =>
  listKeys(ctx, db, params.organization_id, query),
);

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
