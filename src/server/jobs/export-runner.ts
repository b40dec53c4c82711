import { hostname } from 'node:os';
import type { PrismaClient } from '@/generated/prisma/client';
import { randomBase62 } from '../ids';
import { log } from '../log';
import { signalWork } from './work-signal';
import { wakeForWork } from './pg-work-channel';
import { pollMs } from './webhook-config';
import { claimExports, nextExportDueAt, runExport } from './export-job';
import { createWaker } from './waker';

export interface ExportRunner {
  readonly workerId: string;
  wake(): void;
  stop(graceMs?: number): Promise<void>;
}

const posInt = (v: string | undefined, d: number) => (/^\d+$/.test(v ?? '') && Number(v) > 0 ? Number(v) : d);
/** Exports rendered at once per process (rendering is CPU-bound; keep it small). */
export const exportConcurrency = () => posInt(process.env.MD_EXPORT_CONCURRENCY, 2);
/** MD_EXPORT_WORKER=off: the server process does not render exports (`npm run worker` does). */
export const inProcessExports = () => process.env.MD_EXPORT_WORKER !== 'off';

/**
 * The export loop of a process (server or `npm run worker`): claims due exports up to its
 * concurrency and renders them, then sleeps until a commit wakes it (in-process signal, or
 * NOTIFY on PostgreSQL), a retry or lease falls due, or the poll interval passes.
 */
export function startExportRunner(
  db: PrismaClient,
  opts: { pollMs?: number; concurrency?: number; listenUrl?: string } = {},
): ExportRunner {
  const workerId = `${hostname()}:${process.pid}:exp:${randomBase62(6)}`;
  const poll = opts.pollMs ?? pollMs();
  const max = opts.concurrency ?? exportConcurrency();
  /** The exports this process is rendering, by id. */
  const inflight = new Map<string, Promise<unknown>>();
  const waker = createWaker();
  const { wake, sleep } = waker;
  let timer: NodeJS.Timeout | null = null;
  const unsubscribe = wakeForWork('exports', wake, opts.listenUrl);

  async function loop() {
    let errors = 0;
    while (!waker.stopped) {
      waker.startRound();
      try {
        const ids = await claimExports(db, workerId, max - inflight.size, [...inflight.keys()]);
        for (const id of ids) {
          const p = runExport(db, workerId, id)
            // Its outcome is an outbox event: wake this process's webhook dispatcher at once.
            .then((committed) => committed && signalWork('webhooks'))
            .catch((e) => log.error({ err: String(e), export_id: id }, 'export job failed to record'))
            .finally(() => {
              inflight.delete(id);
              wake();
            });
          inflight.set(id, p);
        }
        errors = 0;
        if (inflight.size === 0) {
          const due = await nextExportDueAt(db);
          if (due) {
            if (timer) clearTimeout(timer);
            timer = setTimeout(wake, Math.max(0, due.getTime() - Date.now()) + 5);
            timer.unref();
          }
        }
        await sleep(poll);
      } catch (e) {
        errors++;
        log.error({ err: String(e), worker_id: workerId }, 'export runner error');
        await sleep(Math.min(5_000, poll * 2 ** Math.min(errors, 6)));
      }
    }
  }
  const running = loop();
  log.info({ worker_id: workerId, concurrency: max }, 'export runner started');
  return {
    workerId,
    wake,
    async stop(graceMs = 20_000) {
      waker.stop();
      await unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
      await Promise.race([
        Promise.allSettled([...inflight.values()]),
        new Promise((r) => setTimeout(r, graceMs).unref()),
      ]);
    },
  };
}
