import { hostname } from 'node:os';
import type { PrismaClient } from '@/generated/prisma/client';
import { randomBase62 } from '../ids';
import { log } from '../log';
import { wakeForWork } from './pg-work-channel';
import { claimDue, fanOut, nextDueAt, runAttempt, successRecorder } from './webhook-delivery';
import { concurrency, pollMs } from './webhook-config';

export interface Dispatcher {
  readonly workerId: string;
  /** Look for work now (after a commit that wrote events). */
  wake(): void;
  /** Stops claiming, waits up to `graceMs` for attempts in flight, then resolves. */
  stop(graceMs?: number): Promise<void>;
}

const MAX_ERROR_BACKOFF_MS = 5_000;
const FAN_OUT_BATCH = 200;

/**
 * The webhook dispatcher: one loop per process (server or `npm run worker`). It fans outbox
 * events out, claims due deliveries up to its concurrency and sends them, then sleeps until
 * woken (a local commit, a finished attempt, a scheduled retry) or the poll interval passes.
 * On PostgreSQL (`listenUrl`) it also wakes on NOTIFY from other processes' commits. Polling
 * is the durable fallback: events written elsewhere, or before a crash, are found at the next
 * poll.
 */
export function startDispatcher(
  db: PrismaClient,
  opts: { pollMs?: number; concurrency?: number; listenUrl?: string } = {},
): Dispatcher {
  const workerId = `${hostname()}:${process.pid}:${randomBase62(6)}`;
  const poll = opts.pollMs ?? pollMs();
  const max = opts.concurrency ?? concurrency();
  const inflight = new Set<Promise<void>>();
  const recordOk = successRecorder(db, workerId, () => inflight.size);
  let stopping = false;
  let kick: (() => void) | null = null;
  let woken = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryAt = Infinity;

  // Fan-out runs only when the outbox may have something: after a commit signal, at each poll,
  // and while batches come back full. A finished attempt only frees a slot to claim into.
  let outboxHint = true;
  const wake = () => {
    woken = true;
    kick?.();
  };
  const wakeForOutbox = () => {
    outboxHint = true;
    wake();
  };
  const wakeAt = (at: Date) => {
    // Only the earliest scheduled wake matters; a later one is covered by polling after it.
    if (at.getTime() >= retryAt) return;
    retryAt = at.getTime();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        retryAt = Infinity;
        wake();
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    retryTimer.unref();
  };
  /** Resolves on wake or after `ms`; true when the time ran out (a poll tick). */
  const sleep = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (woken || stopping) return resolve(false);
      const t = setTimeout(() => done(true), ms);
      function done(timedOut: boolean) {
        clearTimeout(t);
        kick = null;
        resolve(timedOut);
      }
      kick = () => done(false);
    });
  const unsubscribe = wakeForWork('webhooks', wakeForOutbox, opts.listenUrl);
  // Claim in batches (one statement for several attempts) unless the process is idle.
  const minClaim = Math.max(1, Math.floor(max / 4));

  async function loop() {
    let errors = 0;
    while (!stopping) {
      woken = false;
      try {
        let fanned = 0;
        if (outboxHint) {
          outboxHint = false;
          fanned = await fanOut(db, FAN_OUT_BATCH);
          if (fanned === FAN_OUT_BATCH) outboxHint = true;
        }
        const free = max - inflight.size;
        const claimed =
          !stopping && (free >= minClaim || inflight.size === 0 || fanned > 0)
            ? await claimDue(db, workerId, free)
            : [];
        for (const d of claimed) {
          const p: Promise<void> = runAttempt(db, workerId, d, recordOk)
            .then((retry) => {
              if (retry) wakeAt(retry);
            })
            .catch((e) => log.error({ err: String(e), delivery_id: d.id }, 'webhook attempt failed to record'))
            .finally(() => {
              inflight.delete(p);
              wake();
            });
          inflight.add(p);
        }
        errors = 0;
        if (fanned) continue;
        if (inflight.size === 0) {
          // Idle: wake for the next retry due (retries scheduled by other processes included).
          const due = await nextDueAt(db);
          if (due) wakeAt(due);
        }
        if (await sleep(poll)) outboxHint = true;
      } catch (e) {
        errors++;
        outboxHint = true;
        log.error({ err: String(e), worker_id: workerId }, 'webhook dispatcher error');
        await sleep(Math.min(MAX_ERROR_BACKOFF_MS, poll * 2 ** Math.min(errors, 6)));
      }
    }
  }

  const running = loop();
  log.info({ worker_id: workerId, poll_ms: poll, concurrency: max }, 'webhook dispatcher started');
  return {
    workerId,
    wake: wakeForOutbox,
    async stop(graceMs = 20_000) {
      stopping = true;
      await unsubscribe();
      if (retryTimer) clearTimeout(retryTimer);
      kick?.();
      await running;
      // Attempts in flight finish (they are bounded by the 15 s timeout); any cut short is
      // retried by another worker when its lease expires.
      await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, graceMs).unref())]);
      log.info({ worker_id: workerId }, 'webhook dispatcher stopped');
    },
  };
}
