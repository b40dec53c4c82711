import { ops } from '../../operations';
import { getJudgment, intakeJudgment, listJudgments } from '../../services/judgments/judgments';
import { validateJudgment } from '../../services/judgments/validate';
import { listDeadlines } from '../../services/judgments/deadlines';
import { setEnforcementProfile } from '../../services/judgments/profile';
import { createEnforcementPlan } from '../../services/judgments/plan';
import { opMutation, opQuery } from '../procedures';
import { router } from '../init';

/** Judgments on the matter page: each procedure is its REST operation's handler. */
export const judgmentsRouter = router({
  list: opQuery(ops.listJudgments, [], (ctx, { query }, db) => listJudgments(ctx, db, query)),
  get: opQuery(ops.getJudgment, ['judgment_id'], (ctx, { params }, db) => getJudgment(ctx, db, params.judgment_id)),
  deadlines: opQuery(ops.listJudgmentDeadlines, ['judgment_id'], (ctx, { params, query }, db) =>
    listDeadlines(ctx, db, params.judgment_id, query),
  ),
  intake: opMutation(ops.intakeJudgment, [], (ctx, { body }, tx) => intakeJudgment(ctx, tx, body)),
  validate: opMutation(ops.validateJudgment, ['judgment_id'], (ctx, { params, body }, tx) =>
    validateJudgment(ctx, tx, params.judgment_id, body),
  ),
  setProfile: opMutation(ops.setEnforcementProfile, ['judgment_id'], (ctx, { params, body }, tx) =>
    setEnforcementProfile(ctx, tx, params.judgment_id, body),
  ),
  createPlan: opMutation(ops.createEnforcementPlan, ['judgment_id'], (ctx, { params, body }, tx) =>
    createEnforcementPlan(ctx, tx, params.judgment_id, body),
  ),
});
