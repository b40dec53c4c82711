import { hostname } from 'node:os';
import type { PrismaClient } from '@/generated/prisma/client';
import { randomBase62 } from '../ids';
import { log } from '../log';
import { signalWork } from './work-signal';
import { wakeForWork } from './pg-work-channel';
import { scanNextCursor } from '../services/monitoring/scan-transfers';
import { clockPassIfDue, nextClockAt } from '../services/monitoring/clock-pass';
import { createWaker } from './waker';

export interface MonitorRunner {
  readonly workerId: string;
  wake(): void;
  stop(): Promise<void>;
}

const posInt = (v: string | undefined, d: number) => (/^\d+$/.test(v ?? '') && Number(v) > 0 ? Number(v) : d);
/** MD_MONITOR_POLL_MS: the longest sleep between scans (evm_rpc heads are polled at this pace). */
export const monitorPollMs = () => posInt(process.env.MD_MONITOR_POLL_MS, 1000);
/** MD_MONITOR_WORKER=off: the server process does not scan (`npm run worker` does). */
export const inProcessMonitor = () => process.env.MD_MONITOR_WORKER !== 'off';

/**
 * The monitoring scanner of a process (server or `npm run worker`): runs the clock pass when it
 * falls due, then claims due cursors one at a time (FOR UPDATE SKIP LOCKED, so several workers
 * share them) until none is left, then sleeps until a commit wakes it (the in-process outbox
 * signal, or NOTIFY on PostgreSQL: a sandbox transfer is such a commit), or the poll interval
 * passes. Alerts and the cursor's new position commit in one transaction.
 */
export function startMonitorRunner(
  db: PrismaClient,
  opts: { pollMs?: number; listenUrl?: string } = {},
): MonitorRunner {
  const workerId = `${hostname()}:${process.pid}:mon:${randomBase62(6)}`;
  const poll = opts.pollMs ?? monitorPollMs();
  const waker = createWaker();
  const { wake, sleep } = waker;
  const unsubscribe = wakeForWork('monitor', wake, opts.listenUrl);
  let seq = 0;

  async function loop() {
    let errors = 0;
    while (!waker.stopped) {
      waker.startRound();
      try {
        const requestId = `req_monitor_${workerId.split(':').pop()}_${++seq}`;
        let raised = (await clockPassIfDue(db, requestId)) ?? 0;
        for (
          let r = await scanNextCursor(db, requestId);
          r !== null && !waker.stopped;
          r = await scanNextCursor(db, requestId)
        )
          raised += r;
        // New alerts are outbox events: wake this process's webhook dispatcher at once.
        if (raised) signalWork('webhooks');
        errors = 0;
        const next = await nextClockAt(db);
        await sleep(Math.max(0, Math.min(poll, next ? next.getTime() - Date.now() + 5 : poll)));
      } catch (e) {
        errors++;
        log.error({ err: String(e), worker_id: workerId }, 'monitor runner error');
        await sleep(Math.min(5_000, poll * 2 ** Math.min(errors, 6)));
      }
    }
  }
  const running = loop();
  log.info({ worker_id: workerId }, 'monitor runner started');
  return {
    workerId,
    wake,
    async stop() {
      waker.stop();
      await unsubscribe();
      await running;
    },
  };
}
