import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getMatter, updateMatter } from '@/server/services/matters/matters';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getMatter, (ctx, { params }, db) => getMatter(ctx, db, params.matter_id));
export const PATCH = api(ops.updateMatter, (ctx, { params, body }, tx) =>
  updateMatter(ctx, tx, params.matter_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
