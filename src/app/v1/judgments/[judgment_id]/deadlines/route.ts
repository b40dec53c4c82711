import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listDeadlines } from '@/server/services/judgments/deadlines';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.listJudgmentDeadlines, (ctx, { params, query }, db) =>
  listDeadlines(ctx, db, params.judgment_id, query),
);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
