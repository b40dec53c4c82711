import { startWorkerThread } from './worker-thread';
import type { RenderedFile, RenderJob } from '../services/exports/render';

/**
 * Runs one export's render (services/exports/render.ts) in its own `node:worker_threads`
 * worker, so a large or hostile object can never hold the server's event loop: requests keep
 * being answered and the export's lease heartbeat keeps beating while it renders.
 *
 * The worker has a time budget and a heap limit. Past either it is terminated and the render
 * fails with RenderRefused: the same input would fail the same way again, so the job records
 * the failure at once instead of retrying (no retry storm, no second process re-rendering it).
 *
 * A fresh worker per export: exports are few (MD_EXPORT_CONCURRENCY), a worker starts in a
 * fraction of the render's time, and terminate() on the budget leaves nothing half-done behind.
 */
const posInt = (v: string | undefined, d: number) => (/^\d+$/.test(v ?? '') && Number(v) > 0 ? Number(v) : d);
/** Longest a render may run (MD_EXPORT_RENDER_BUDGET_MS, default 60 s). */
export const renderBudgetMs = () => posInt(process.env.MD_EXPORT_RENDER_BUDGET_MS, 60_000);
/** Heap of a render worker (MD_EXPORT_RENDER_MEMORY_MB, default 512 MB). */
export const renderMemoryMb = () => posInt(process.env.MD_EXPORT_RENDER_MEMORY_MB, 512);

/** A render stopped for exceeding its budget or memory: final, not retried. */
export class RenderRefused extends Error {}

type Reply = { ok: true; file: RenderedFile } | { ok: false; message: string };

export function renderInWorker(job: RenderJob, budgetMs = renderBudgetMs()): Promise<RenderedFile> {
  const memoryMb = renderMemoryMb();
  return new Promise((resolve, reject) => {
    const worker = startWorkerThread('export-render', 'src/server/jobs/export-render-worker.ts', {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new RenderRefused(
              `Rendering exceeded its ${budgetMs} ms budget and was stopped; the object is too large to render in this format.`,
            ),
          ),
        ),
      budgetMs,
    );
    worker.once('message', (m: Reply) =>
      settle(() => {
        if (!m.ok) return reject(new Error(m.message));
        // Structured clone hands a Buffer over as a plain Uint8Array view.
        const b = m.file.bytes as Uint8Array;
        resolve({ ...m.file, bytes: Buffer.from(b.buffer, b.byteOffset, b.byteLength) });
      }),
    );
    worker.once('error', (e: Error & { code?: string }) =>
      settle(() =>
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new RenderRefused(`Rendering ran out of its ${memoryMb} MB memory limit and was stopped.`)
            : e,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the render worker exited with code ${code}`))));
  });
}
