import type { PrismaClient } from '@/generated/prisma/client';
import { log } from '../log';
import { onOutbox } from './outbox-signal';
import { listenPg } from '../db/listen';

/**
 * Cross-process wake-up on PostgreSQL (LISTEN/NOTIFY on `md_outbox`). A server process that
 * committed events NOTIFYs; every dispatcher (other servers, `npm run worker` processes)
 * LISTENs and looks for work at once instead of at its next poll. Polling remains the durable
 * fallback: a lost notification only delays, never loses, a delivery.
 */
export const CHANNEL = 'md_outbox';

/**
 * Forwards local commits (notifyOutbox) as NOTIFY. Coalesced: one NOTIFY in flight at a time,
 * and one more after it if commits happened meanwhile, so a burst costs two statements.
 */
export function publishCommits(db: PrismaClient): () => void {
  let running = false;
  let again = false;
  const send = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await db.$executeRaw`SELECT pg_notify(${CHANNEL}, '')`;
      } while (again);
    } catch (e) {
      log.warn({ err: String(e) }, 'outbox NOTIFY failed; dispatchers will find the events by polling');
    } finally {
      running = false;
    }
  };
  return onOutbox(() => void send());
}

/** LISTENs on its own connection (reconnecting after errors) and calls `wake` per notification. */
export function listenForCommits(connectionString: string, wake: () => void): () => Promise<void> {
  // On (re)connect, look for anything committed while not listening.
  return listenPg(connectionString, CHANNEL, { onNotify: () => wake(), onState: (up) => up && wake() });
}
