import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { intakeJudgment } from '@/server/services/judgments/judgments';

export const POST = api(ops.intakeJudgment, (ctx, { body }, tx) => intakeJudgment(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
