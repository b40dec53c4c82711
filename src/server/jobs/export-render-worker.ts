import { parentPort, workerData } from 'node:worker_threads';
import { renderExport, type RenderJob } from '../services/exports/render';

/**
 * The render worker's entry (a `node:worker_threads` worker started by export-render.ts for
 * one export): renders the job it was given, posts the file or the error's message, and ends.
 */
renderExport(workerData as RenderJob).then(
  (file) => parentPort!.postMessage({ ok: true, file }),
  (e: unknown) => parentPort!.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) }),
);
