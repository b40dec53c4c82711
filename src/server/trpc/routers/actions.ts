import { z } from 'zod';
import { ops } from '../../operations';
import { idRef, str } from '../../operations/schemas';
import { assignAction, completeAction, createAction, getAction, updateAction } from '../../services/actions/actions';
import { listActions, listMatterActions } from '../../services/actions/list';
import { bulkAssignActions } from '../../services/actions/bulk';
import { listAssignees } from '../../services/actions/assignees';
import { createActionsFromPlan } from '../../services/actions/from-plan';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/**
 * The action queue: each REST operation's handler, plus three console moves that no single
 * REST call makes — bulk assignment (one transaction, each assignment gated and audited),
 * the owners a matter's actions can have, and "Create actions from plan".
 */
export const actionsRouter = router({
  list: opQuery(ops.listActions, [], (ctx, { query }, db) => listActions(ctx, db, query)),
  listForMatter: opQuery(ops.listMatterActions, ['matter_id'], (ctx, { params, query }, db) =>
    listMatterActions(ctx, db, params.matter_id, query),
  ),
  get: opQuery(ops.getAction, ['action_id'], (ctx, { params }, db) => getAction(ctx, db, params.action_id)),
  create: opMutation(ops.createAction, [], (ctx, { body }, tx) => createAction(ctx, tx, body)),
  update: opMutation(ops.updateAction, ['action_id'], (ctx, { params, body }, tx) =>
    updateAction(ctx, tx, params.action_id, body),
  ),
  assign: opMutation(ops.assignAction, ['action_id'], (ctx, { params, body }, tx) =>
    assignAction(ctx, tx, params.action_id, body),
  ),
  complete: opMutation(ops.completeAction, ['action_id'], (ctx, { params, body }, tx) =>
    completeAction(ctx, tx, params.action_id, body),
  ),

  bulkAssign: consoleProcedure
    .meta({ scope: ops.assignAction.scope })
    .input(
      zodInput(
        z.strictObject({
          action_ids: z.array(idRef('act', 'an action')).min(1).max(100),
          owner_id: idRef('usr', 'a user'),
          notes: str().nullable().optional(),
        }),
      ),
    )
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'actions.bulkAssign', { gate: null }, (c, tx) => bulkAssignActions(c, tx, input)),
    ),
  assignees: consoleProcedure
    .meta({ scope: ops.listActions.scope })
    .input(zodInput(z.strictObject({ matter_id: idRef('mtr', 'a matter').optional() })))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'actions.assignees', null, (c, db) => listAssignees(c, db, input.matter_id)),
    ),
  createFromPlan: consoleProcedure
    .meta({ scope: ops.createAction.scope })
    .input(zodInput(z.strictObject({ plan_id: idRef('plan', 'an enforcement plan') })))
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'actions.createFromPlan', { gate: null }, (c, tx) =>
        createActionsFromPlan(c, tx, input.plan_id),
      ),
    ),
});
