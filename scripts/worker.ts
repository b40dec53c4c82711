/**
 * `npm run worker`: a webhook delivery, export rendering and monitoring scanner process. Run as many as needed beside the app servers
 * (PostgreSQL; a PGlite folder can only be opened by one process, the server itself). Each
 * claims deliveries with FOR UPDATE SKIP LOCKED and a lease, so workers never send the same
 * attempt twice while alive, and a killed worker's attempts are retried after their lease.
 * Exports are claimed the same way (their own lease, MD_EXPORT_LEASE_MS): a killed worker's
 * export is rendered again by another once its lease expires, and completes exactly once.
 * SIGTERM/SIGINT: stop claiming, let attempts in flight finish, exit.
 */
import { closeDb, getDb } from '../src/server/db/client';
import { startDispatcher } from '../src/server/jobs/webhook-dispatcher';
import { startExportRunner } from '../src/server/jobs/export-runner';
import { startMonitorRunner } from '../src/server/jobs/monitor-runner';
import { log } from '../src/server/log';

const db = await getDb();
const dispatcher = startDispatcher(db, { listenUrl: process.env.DATABASE_URL });
const exports = startExportRunner(db, { listenUrl: process.env.DATABASE_URL });
const monitor = startMonitorRunner(db, { listenUrl: process.env.DATABASE_URL });
process.stdout.write(`worker ${dispatcher.workerId} ready\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal, worker_id: dispatcher.workerId }, 'worker stopping');
  await Promise.all([dispatcher.stop(), exports.stop(), monitor.stop()]);
  await closeDb();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
