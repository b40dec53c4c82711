/**
 * Part of `npm run build`, after `next build`: bundles each `node:worker_threads` worker into one
 * plain ES module under `.next/workers/`, which `next start` runs (src/server/jobs/worker-thread.ts):
 * the export renderer (src/server/jobs/export-render-worker.ts, one worker per export) and the
 * sanctions screening thread (src/server/services/sanctions/screen-worker.ts, one per process).
 * Next's own bundle cannot be loaded by a worker thread and Turbopack ships a worker's TypeScript
 * source unbuilt, so each worker gets a build of its own. Packages stay external (pdfkit reads its
 * font metrics from its own folder at runtime) and resolve from the project's node_modules.
 */
import { build } from 'esbuild';

await build({
  entryPoints: {
    'export-render': 'src/server/jobs/export-render-worker.ts',
    'sanctions-screen': 'src/server/services/sanctions/screen-worker.ts',
  },
  outdir: '.next/workers',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
