import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listMatterActions } from '@/server/services/actions/list';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.listMatterActions, (ctx, { params, query }, db) =>
  listMatterActions(ctx, db, params.matter_id, query),
);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
