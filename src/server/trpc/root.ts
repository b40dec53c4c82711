import { router, createCallerFactory } from './init';
import { sessionRouter } from './routers/session';
import { mattersRouter } from './routers/matters';
import { auditRouter } from './routers/audit';
import { webhooksRouter } from './routers/webhooks';
import { judgmentsRouter } from './routers/judgments';
import { ledgerRouter } from './routers/ledger';
import { actionsRouter } from './routers/actions';
import { relationshipsRouter } from './routers/relationships';
import { sanctionsRouter } from './routers/sanctions';
import { packetsRouter } from './routers/packets';
import { cryptoRouter } from './routers/crypto';
import { reportsRouter } from './routers/reports';
import { monitoringRouter } from './routers/monitoring';
import { issuerRouter } from './routers/issuer';
import { organizationRouter } from './routers/organization';
import { namesRouter } from './routers/names';
import { searchRouter } from './routers/search';
import { logsRouter } from './routers/logs';

/** The console API. Later console areas (actions, alerts, packets) add their router here. */
export const appRouter = router({
  session: sessionRouter,
  matters: mattersRouter,
  audit: auditRouter,
  webhooks: webhooksRouter,
  judgments: judgmentsRouter,
  ledger: ledgerRouter,
  actions: actionsRouter,
  relationships: relationshipsRouter,
  sanctions: sanctionsRouter,
  packets: packetsRouter,
  crypto: cryptoRouter,
  reports: reportsRouter,
  monitoring: monitoringRouter,
  issuer: issuerRouter,
  organization: organizationRouter,
  names: namesRouter,
  search: searchRouter,
  logs: logsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
