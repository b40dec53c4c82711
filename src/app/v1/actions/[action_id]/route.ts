import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getAction, updateAction } from '@/server/services/actions/actions';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getAction, (ctx, { params }, db) => getAction(ctx, db, params.action_id));
export const PATCH = api(ops.updateAction, (ctx, { params, body }, tx) =>
  updateAction(ctx, tx, params.action_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
