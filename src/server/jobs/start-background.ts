import type { PrismaClient } from '@/generated/prisma/client';
import { inProcessDispatcher } from './webhook-config';

/**
 * Background work of a server process: publish commits to other processes (PostgreSQL) and,
 * unless MD_WEBHOOK_DISPATCHER=off, run the webhook dispatcher here too, and unless
 * MD_EXPORT_WORKER=off the export runner, and unless MD_MONITOR_WORKER=off the monitoring
 * scanner.
 */
export async function startBackground(db: PrismaClient) {
  const listenUrl = process.env.DATABASE_URL;
  if (listenUrl) {
    // Tell dispatchers in other processes (workers, other servers) about our commits.
    const { publishCommits } = await import('./pg-outbox-channel');
    publishCommits(db);
  }
  // Next exits on SIGTERM once its HTTP server has closed; stop claiming at once so no new
  // work starts. Work cut short by the exit is picked up again when its lease expires.
  const stops: (() => Promise<void>)[] = [];
  if (inProcessDispatcher()) {
    const { startDispatcher } = await import('./webhook-dispatcher');
    const dispatcher = startDispatcher(db, { listenUrl });
    stops.push(() => dispatcher.stop(5_000));
  }
  const { inProcessExports, startExportRunner } = await import('./export-runner');
  if (inProcessExports()) {
    const runner = startExportRunner(db, { listenUrl });
    stops.push(() => runner.stop(5_000));
  }
  const { inProcessMonitor, startMonitorRunner } = await import('./monitor-runner');
  if (inProcessMonitor()) {
    const monitor = startMonitorRunner(db, { listenUrl });
    stops.push(() => monitor.stop());
  }
  if (!stops.length) return;
  const stop = () => void Promise.all(stops.map((s) => s()));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
