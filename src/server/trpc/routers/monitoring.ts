import { z } from 'zod';
import { ops } from '../../operations';
import { idRef, str } from '../../operations/schemas';
import { ALERT_STATUSES, ALERT_TYPES, SEVERITIES, TRIAGE_STATUSES } from '../../domain/monitoring/alert-status';
import {
  addWatchlistAddresses,
  createWatchlist,
  getWatchlist,
  listWatchlists,
} from '../../services/monitoring/watchlists';
import { getAlert, listAlerts } from '../../services/monitoring/alerts';
import { alertInbox } from '../../services/monitoring/inbox';
import { triageAlert } from '../../services/monitoring/triage';
import { bulkTriageAlerts } from '../../services/monitoring/bulk-triage';
import { ApiError } from '../../errors';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/** Monitoring in the console: the alert inbox and triage, and watchlists (each REST operation's handler). */
export const monitoringRouter = router({
  /** The inbox: new first, by severity (no REST twin; the REST list is newest first). */
  inbox: consoleProcedure
    .meta({ scope: ops.listAlerts.scope })
    .input(
      zodInput(
        z.strictObject({
          matter_id: idRef('mtr', 'a matter').optional(),
          status: z.enum(ALERT_STATUSES).optional(),
          severity: z.enum(SEVERITIES).optional(),
          type: z.enum(ALERT_TYPES).optional(),
        }),
      ),
    )
    .query(({ ctx, input }) => runConsoleCall(ctx, 'monitoring.inbox', null, (c, db) => alertInbox(c, db, input))),
  alerts: opQuery(ops.listAlerts, [], (ctx, { query }, db) => listAlerts(ctx, db, query)),
  alert: opQuery(ops.getAlert, ['alert_id'], (ctx, { params }, db) => getAlert(ctx, db, params.alert_id)),
  triage: opMutation(ops.triageAlert, ['alert_id'], (ctx, { params, body }, tx) =>
    triageAlert(ctx, tx, params.alert_id, body),
  ),
  /**
   * Bulk triage (no REST twin; REST triages one alert a call): one status and one note for up
   * to 100 alerts, in one transaction. A false positive must say why (the console asks for the
   * note on the single triage too).
   */
  bulkTriage: consoleProcedure
    .meta({ scope: ops.triageAlert.scope })
    .input(
      zodInput(
        z.strictObject({
          alert_ids: z.array(idRef('ale', 'an alert')).min(1).max(100),
          status: z.enum(TRIAGE_STATUSES),
          notes: str().nullable().optional(),
        }),
      ),
    )
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'monitoring.bulkTriage', { gate: null }, (c, tx) => {
        if (input.status === 'false_positive' && !input.notes?.trim())
          throw new ApiError('parameter_missing', 'A false positive needs a note saying why.', { param: 'notes' });
        return bulkTriageAlerts(c, tx, input);
      }),
    ),
  watchlists: opQuery(ops.listWatchlists, [], (ctx, { query }, db) => listWatchlists(ctx, db, query)),
  watchlist: opQuery(ops.getWatchlist, ['watchlist_id'], (ctx, { params }, db) =>
    getWatchlist(ctx, db, params.watchlist_id),
  ),
  createWatchlist: opMutation(ops.createWatchlist, [], (ctx, { body }, tx) => createWatchlist(ctx, tx, body)),
  addAddresses: opMutation(ops.addWatchlistAddresses, ['watchlist_id'], (ctx, { params, body }, tx) =>
    addWatchlistAddresses(ctx, tx, params.watchlist_id, body),
  ),
});
