import type { PrismaClient } from '@/generated/prisma/client';
import { log } from '../log';
import { onWork, type Work } from './work-signal';
import { listenPg } from '../db/listen';

/**
 * Cross-process wake-up on PostgreSQL (LISTEN/NOTIFY on `md_work`). The payload names the
 * kinds of work committed (`webhooks,exports`). A server process tells other processes only
 * of the work it does not do itself (its dispatcher, export runner or scanner is off, so
 * `npm run worker` processes do it): with every runner in-process, a write sends no NOTIFY.
 * Every runner LISTENs and wakes for its own kind. Polling remains the durable fallback: a
 * lost notification only delays, never loses, the work.
 */
export const CHANNEL = 'md_work';

/**
 * Forwards this process's commits of `kinds` as NOTIFY. Coalesced: one NOTIFY in flight at a
 * time, and one more after it for the kinds committed meanwhile, so a burst costs two
 * statements.
 */
export function publishCommits(db: PrismaClient, kinds: readonly Work[]): () => void {
  const pending = new Set<Work>();
  let running = false;
  const send = async () => {
    if (running) return;
    running = true;
    try {
      while (pending.size) {
        const payload = [...pending].join(',');
        pending.clear();
        await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${payload})`;
      }
    } catch (e) {
      pending.clear();
      log.warn({ err: String(e) }, 'work NOTIFY failed; other processes will find the work by polling');
    } finally {
      running = false;
    }
  };
  const offs = kinds.map((k) =>
    onWork(k, () => {
      pending.add(k);
      void send();
    }),
  );
  return () => offs.forEach((off) => off());
}

/**
 * Calls `wake` whenever work of `kind` is committed: in this process (`signalWork`) and, on
 * PostgreSQL (`listenUrl`), in others (NOTIFY, on a LISTEN connection of its own that
 * reconnects after errors; an empty payload stands for every kind). Returns the unsubscription.
 */
export function wakeForWork(kind: Work, wake: () => void, listenUrl?: string): () => Promise<void> {
  const off = onWork(kind, wake);
  // On (re)connect, look for anything committed while not listening.
  const unlisten = listenUrl
    ? listenPg(listenUrl, CHANNEL, {
        onNotify: (payload) => (!payload || payload.split(',').includes(kind)) && wake(),
        onState: (up) => up && wake(),
      })
    : async () => {};
  return async () => {
    off();
    await unlisten();
  };
}
