import { z } from 'zod';
import { ops } from '../../operations';
import {
  createCampaignBrief,
  createClaimantUpdate,
  exportReport,
  getReport,
  listMatterReports,
} from '../../services/reports/reports';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/** Reports in the console (the matter's Reports panel): each procedure is its REST operation's handler. */
export const reportsRouter = router({
  /** A matter's latest reports (no REST twin). */
  forMatter: consoleProcedure
    .meta({ scope: ops.getReport.scope })
    .input(zodInput(z.strictObject({ matter_id: z.string().max(100) })))
    .query(({ ctx, input }) =>
      runConsoleCall(ctx, 'reports.forMatter', null, (c, db) => listMatterReports(c, db, input.matter_id)),
    ),
  get: opQuery(ops.getReport, ['report_id'], (ctx, { params }, db) => getReport(ctx, db, params.report_id)),
  createBrief: opMutation(ops.createCampaignBrief, [], (ctx, { body }, tx) => createCampaignBrief(ctx, tx, body)),
  createClaimantUpdate: opMutation(ops.createClaimantUpdate, [], (ctx, { body }, tx) =>
    createClaimantUpdate(ctx, tx, body),
  ),
  export: opMutation(ops.exportReport, ['report_id'], (ctx, { params, body }, tx) =>
    exportReport(ctx, tx, params.report_id, body),
  ),
});
