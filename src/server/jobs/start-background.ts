import type { PrismaClient } from '@/generated/prisma/client';
import { inProcessDispatcher } from './webhook-config';

/**
 * Background work of a server process: publish commits to other processes (PostgreSQL) and,
 * unless MD_WEBHOOK_DISPATCHER=off, run the webhook dispatcher here too.
 */
export async function startBackground(db: PrismaClient) {
  const listenUrl = process.env.DATABASE_URL;
  if (listenUrl) {
    // Tell dispatchers in other processes (workers, other servers) about our commits.
    const { publishCommits } = await import('./pg-outbox-channel');
    publishCommits(db);
  }
  if (!inProcessDispatcher()) return;
  const { startDispatcher } = await import('./webhook-dispatcher');
  const dispatcher = startDispatcher(db, { listenUrl });
  // Next exits on SIGTERM once its HTTP server has closed; stop claiming at once so no new
  // attempt starts. An attempt cut short by the exit is retried when its lease expires.
  const stop = () => void dispatcher.stop(5_000);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
