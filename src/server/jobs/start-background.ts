import type { PrismaClient } from '@/generated/prisma/client';
import { inProcessDispatcher } from './webhook-config';
import { WORK, type Work } from './work-signal';

/**
 * Background work of a server process: unless MD_WEBHOOK_DISPATCHER=off, run the webhook
 * dispatcher here, and unless MD_EXPORT_WORKER=off the export runner, and unless
 * MD_MONITOR_WORKER=off the monitoring scanner. On PostgreSQL, tell the processes that do
 * what is off here (`npm run worker`) of the commits that give them work.
 */
export async function startBackground(db: PrismaClient) {
  const listenUrl = process.env.DATABASE_URL;
  const { inProcessExports, startExportRunner } = await import('./export-runner');
  const { inProcessMonitor, startMonitorRunner } = await import('./monitor-runner');
  const here: Record<Work, boolean> = {
    webhooks: inProcessDispatcher(),
    exports: inProcessExports(),
    monitor: inProcessMonitor(),
  };
  const elsewhere = WORK.filter((k) => !here[k]);
  if (listenUrl && elsewhere.length) {
    const { publishCommits } = await import('./pg-work-channel');
    publishCommits(db, elsewhere);
  }
  // Next exits on SIGTERM once its HTTP server has closed; stop claiming at once so no new
  // work starts. Work cut short by the exit is picked up again when its lease expires.
  const stops: (() => Promise<void>)[] = [];
  if (here.webhooks) {
    const { startDispatcher } = await import('./webhook-dispatcher');
    const dispatcher = startDispatcher(db, { listenUrl });
    stops.push(() => dispatcher.stop(5_000));
  }
  if (here.exports) {
    const runner = startExportRunner(db, { listenUrl });
    stops.push(() => runner.stop(5_000));
  }
  if (here.monitor) {
    const monitor = startMonitorRunner(db, { listenUrl });
    stops.push(() => monitor.stop());
  }
  if (!stops.length) return;
  const stop = () => void Promise.all(stops.map((s) => s()));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
