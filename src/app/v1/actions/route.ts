import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createAction } from '@/server/services/actions/actions';
import { listActions } from '@/server/services/actions/list';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createAction, (ctx, { body }, tx) => createAction(ctx, tx, body));
export const GET = api(ops.listActions, (ctx, { query }, db) => listActions(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
