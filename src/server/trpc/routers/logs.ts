import { ops } from '../../operations';
import { listEvents } from '../../services/webhooks/events';
import { listRequestLog, requestLogQuery } from '../../services/organizations/request-log';
import { consoleProcedure, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/**
 * Developers → Logs. The request log has no REST operation; it is a record of API use, read
 * with what reading the audit trail takes (`audit:read`) and organization-wide (the service
 * refuses a matter-restricted user). The events are GET /v1/events, scope and filters alike.
 */
export const logsRouter = router({
  requests: consoleProcedure
    .meta({ scope: ops.listMatterAudit.scope })
    .input(zodInput(requestLogQuery))
    .query(({ ctx, input }) => runConsoleCall(ctx, 'logs.requests', null, (c, db) => listRequestLog(c, db, input))),
  events: opQuery(ops.listEvents, [], (ctx, { query }, db) => listEvents(ctx, db, query)),
});
