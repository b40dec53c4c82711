import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getJudgment, updateJudgment } from '@/server/services/judgments/judgments';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getJudgment, (ctx, { params }, db) => getJudgment(ctx, db, params.judgment_id));
export const PATCH = api(ops.updateJudgment, (ctx, { params, body }, tx) =>
  updateJudgment(ctx, tx, params.judgment_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
