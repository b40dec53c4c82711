import pg from 'pg';
import type { PrismaClient } from '@/generated/prisma/client';
import { log } from '../log';
import { onOutbox } from './outbox-signal';

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
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', () => wake());
    c.on('error', (e) => {
      log.warn({ err: String(e) }, 'outbox LISTEN connection lost; reconnecting');
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      wake(); // anything committed while not listening
    } catch (e) {
      c.emit('error', e);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
