import { z } from 'zod';
import { ops } from '../../operations';
import { idRef } from '../../operations/schemas';
import { ALERT_STATUSES, ALERT_TYPES, SEVERITIES } from '../../domain/monitoring/alert-status';
import {
  addWatchlistAddresses,
  createWatchlist,
  getWatchlist,
  listWatchlists,
} from '../../services/monitoring/watchlists';
import { getAlert, listAlerts } from '../../services/monitoring/alerts';
import { alertInbox } from '../../services/monitoring/inbox';
import { triageAlert } from '../../services/monitoring/triage';
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
  watchlists: opQuery(ops.listWatchlists, [], (ctx, { query }, db) => listWatchlists(ctx, db, query)),
  watchlist: opQuery(ops.getWatchlist, ['watchlist_id'], (ctx, { params }, db) =>
    getWatchlist(ctx, db, params.watchlist_id),
  ),
  createWatchlist: opMutation(ops.createWatchlist, [], (ctx, { body }, tx) => createWatchlist(ctx, tx, body)),
  addAddresses: opMutation(ops.addWatchlistAddresses, ['watchlist_id'], (ctx, { params, body }, tx) =>
    addWatchlistAddresses(ctx, tx, params.watchlist_id, body),
  ),
});
