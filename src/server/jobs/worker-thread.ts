import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts one of the app's `node:worker_threads` workers. `next start` runs
 * `.next/workers/<name>.mjs`, the plain ES module `npm run build` bundles from its TypeScript
 * entry (scripts/build-workers.ts): Next's own chunks cannot be loaded in a worker thread.
 * Elsewhere (`next dev`, `npm run worker` and tests under tsx) the worker loads `source` itself,
 * registering tsx's loader first (a worker thread gets none of its own on Node 20). Paths are
 * taken from process.cwd(), the project root in both cases, and made by a function call so that
 * the bundler does not try to follow them.
 */
const fromRoot = (...parts: string[]) => path.join(/* turbopackIgnore: true */ process.cwd(), ...parts);

export function startWorkerThread(name: string, source: string, opts: WorkerOptions): Worker {
  if (process.env.NEXT_RUNTIME && process.env.NODE_ENV === 'production')
    return new Worker(fromRoot('.next', 'workers', `${name}.mjs`), opts);
  const url = pathToFileURL(fromRoot(source)).href;
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(url)}); });`;
  return new Worker(boot, { ...opts, eval: true });
}
