import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listDeadlines } from '@/server/services/judgments/deadlines';

export const GET = api(ops.listJudgmentDeadlines, (ctx, { params, query }, db) =>
  listDeadlines(ctx, db, params.judgment_id, query),
);

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
