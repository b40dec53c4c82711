import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listJudgments } from '@/server/services/judgments/judgments';

export const GET = api(ops.listJudgments, (ctx, { query }, db) => listJudgments(ctx, db, query));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
