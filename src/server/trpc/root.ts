import { router, createCallerFactory } from './init';
import { sessionRouter } from './routers/session';
import { mattersRouter } from './routers/matters';
import { auditRouter } from './routers/audit';
import { webhooksRouter } from './routers/webhooks';
import { judgmentsRouter } from './routers/judgments';
import { ledgerRouter } from './routers/ledger';
import { cryptoRouter } from './routers/crypto';

/** The console API. Later console areas (actions, alerts, packets) add their router here. */
export const appRouter = router({
  session: sessionRouter,
  matters: mattersRouter,
  audit: auditRouter,
  webhooks: webhooksRouter,
  judgments: judgmentsRouter,
  ledger: ledgerRouter,
  crypto: cryptoRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
