/**
 * Part of `npm run build`, after `next build`: bundles the export render worker
 * (src/server/jobs/export-render-worker.ts) into one plain ES module,
 * `.next/workers/export-render.mjs`, which `next start` runs in a `node:worker_threads` worker
 * (src/server/jobs/export-render.ts). Next's own bundle cannot be loaded by a worker thread and
 * Turbopack ships a worker's TypeScript source unbuilt, so the worker gets a build of its own.
 * Packages stay external (pdfkit reads its font metrics from its own folder at runtime) and
 * resolve from the project's node_modules.
 */
import { build } from 'esbuild';

await build({
  entryPoints: { 'export-render': 'src/server/jobs/export-render-worker.ts' },
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
