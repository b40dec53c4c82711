import { router, createCallerFactory } from './init';
import { sessionRouter } from './routers/session';
import { mattersRouter } from './routers/matters';
import { auditRouter } from './routers/audit';

/** The console API. Later console areas (actions, alerts, packets) add their router here. */
export const appRouter = router({
  session: sessionRouter,
  matters: mattersRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
