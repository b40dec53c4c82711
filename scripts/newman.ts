/**
 * `npm run test:newman` (after `npm run build`): starts the built app on a free port with a fresh
 * database (a new PGlite folder, or a new PostgreSQL database when DATABASE_URL is set) and a
 * bootstrap sandbox admin key, then
 *   1. runs the committed Postman collection with newman: every request must pass;
 *   2. runs the TypeScript client's quickstart and its whole integrator flow (matter → packet →
 *      export → download with its sha256 checked → paged audit → verify) against the same server,
 * and stops the app. Exit code 1 on any failure.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import newman from 'newman';
import { startServer } from '../tests/helpers/server';

const root = path.resolve(import.meta.dirname, '..');
const collection = path.join(root, 'postman/judgment-recovery.postman_collection.json');

function runCollection(
  baseUrl: string,
  apiKey: string,
): Promise<{ requests: number; failed: number; assertions: number; failures: number; ms: number }> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: JSON.parse(readFileSync(collection, 'utf8')),
        envVar: [
          { key: 'base_url', value: baseUrl },
          { key: 'api_key', value: apiKey },
        ],
        reporters: ['cli'],
        reporter: { cli: { noSummary: false } },
        bail: false,
        timeoutRequest: 30_000,
      },
      (err, summary) => {
        if (err) return reject(err);
        const s = summary.run.stats;
        const t = summary.run.timings as { started?: number; completed?: number };
        resolve({
          requests: s.requests.total ?? 0,
          failed: s.requests.failed ?? 0,
          assertions: s.assertions.total ?? 0,
          failures: summary.run.failures.length,
          ms: (t.completed ?? 0) - (t.started ?? 0),
        });
      },
    );
  });
}

async function main() {
  if (!existsSync(path.join(root, '.next/BUILD_ID'))) throw new Error('no build: run `npm run build` first');
  const srv = await startServer();
  let failed = false;
  try {
    const r = await runCollection(srv.url, srv.adminKey);
    console.log(
      `newman: ${r.requests} requests, ${r.assertions} assertions, ${r.failures} failures, ${r.failed} failed requests, ${(r.ms / 1000).toFixed(1)} s`,
    );
    if (r.failures || r.failed) failed = true;

    for (const example of ['quickstart', 'integrator-flow']) {
      const file = path.join(root, `clients/typescript/examples/${example}.ts`);
      if (!existsSync(file)) continue;
      const t0 = Date.now();
      execFileSync(path.join(root, 'node_modules/.bin/tsx'), [file], {
        cwd: path.join(root, 'clients/typescript'),
        env: { ...process.env, MD_BASE_URL: srv.url, MD_API_KEY: srv.adminKey },
        stdio: 'inherit',
      });
      console.log(`client ${example}: ok in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } catch (e) {
    failed = true;
    console.error(e);
  } finally {
    await srv.stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
