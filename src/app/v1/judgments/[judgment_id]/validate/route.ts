import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { validateJudgment } from '@/server/services/judgments/validate';

export const POST = api(ops.validateJudgment, (ctx, { params, body }, tx) =>
  validateJudgment(ctx, tx, params.judgment_id, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
