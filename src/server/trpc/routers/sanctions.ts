import { z } from 'zod';
import { ops } from '../../operations';
import { OFAC_STATUSES, REVIEW_STATUSES } from '../../domain/sanctions/workflow';
import { createScreen } from '../../services/sanctions/screens';
import { createReviewPacket, decideReview } from '../../services/sanctions/reviews';
import { createOfacReport, moveOfacReport } from '../../services/sanctions/ofac-reports';
import { getSanctionsObject, listOfacReports, listReviews, listScreens } from '../../services/sanctions/read';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/**
 * Scope of counsel's review decision (the decideSanctionsReview operation), held by the admin
 * role (`*`) and counsel (`sanctions:*`), not by operators or analysts.
 */
export const DECIDE_SCOPE = ops.decideSanctionsReview.scope;

const page = {
  limit: z.number().int().min(1).max(100).default(20),
  starting_after: z.string().max(100).optional(),
  ending_before: z.string().max(100).optional(),
  matter_id: z.string().max(100).optional(),
};

/**
 * The console's Sanctions page: screens, the review queue, counsel's decisions and the OFAC
 * report workflows. Mirrors of REST operations reuse them (the decision included); the
 * console-only act (moving a workflow) run through the same service layer in one transaction with audit and outbox.
 */
export const sanctionsRouter = router({
  get: opQuery(ops.getSanctionsReview, ['review_id'], (ctx, { params }, db) =>
    getSanctionsObject(ctx, db, params.review_id),
  ),
  screen: opMutation(ops.screenSanctions, [], (ctx, { body }, tx) => createScreen(ctx, tx, body)),
  openReview: opMutation(ops.createSanctionsReviewPacket, [], (ctx, { body }, tx) => createReviewPacket(ctx, tx, body)),
  startOfacReport: opMutation(ops.createOfacReportWorkflow, [], (ctx, { body }, tx) => createOfacReport(ctx, tx, body)),

  screens: consoleProcedure
    .meta({ scope: 'sanctions:read' })
    .input(zodInput(z.strictObject({ ...page, status: z.enum(['clear', 'potential_match', 'match']).optional() })))
    .query(({ ctx, input }) => runConsoleCall(ctx, 'sanctions.screens', null, (c, db) => listScreens(c, db, input))),
  reviews: consoleProcedure
    .meta({ scope: 'sanctions:read' })
    .input(zodInput(z.strictObject({ ...page, status: z.enum(REVIEW_STATUSES).optional() })))
    .query(({ ctx, input }) => runConsoleCall(ctx, 'sanctions.reviews', null, (c, db) => listReviews(c, db, input))),
  ofacReports: consoleProcedure
    .meta({ scope: 'sanctions:read' })
    .input(zodInput(z.strictObject({ ...page, status: z.enum(OFAC_STATUSES).optional() })))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'sanctions.ofacReports', null, (c, db) => listOfacReports(c, db, input)),
    ),

  decide: opMutation(ops.decideSanctionsReview, ['review_id'], (ctx, { params, body }, tx) =>
    decideReview(ctx, tx, params.review_id, body),
  ),
  moveOfacReport: consoleProcedure
    .meta({ scope: 'sanctions:write' })
    .input(
      zodInput(
        z.strictObject({
          ofac_report_id: z.string().min(1).max(100),
          status: z.enum(OFAC_STATUSES),
          notes: z.string().max(10_000).nullable().optional(),
        }),
      ),
    )
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'sanctions.moveOfacReport', { gate: null }, (c, tx) =>
        moveOfacReport(c, tx, input.ofac_report_id, input),
      ),
    ),
});
