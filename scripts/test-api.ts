/**
 * `npm run test:api`: the API suites, `tests/*.test.ts` under node:test, two files at a time, as
 * TAP plus a summary of the failures. CI runs it on both databases against the same build, and
 * two kinds of file run on one of them only:
 * - `*-domain.test.ts` test pure functions: they start no server and open no database. They run
 *   on PGlite (DATABASE_URL unset) only.
 * - `*-load.test.ts` hold a request over the largest data a matter holds to its bound while
 *   /healthz keeps answering. They run on PostgreSQL only: the production database, where the
 *   loop bound is the strict one (tests/helpers/loop-probe.ts). On PGlite the queries run on the
 *   server's own thread and the same runs held it 90-350 ms, which says nothing about production.
 * Inside files, two sweeps that involve no database skip the PostgreSQL pass or the PGlite one
 * (`skip:` naming why): event-loop.test.ts's bench/bare build, and bad-input.test.ts's bodies.
 * Files named on the command line run instead of the whole set.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const named = process.argv.slice(2);
const onPostgres = Boolean(process.env.DATABASE_URL);
const files =
  named.length > 0
    ? named
    : readdirSync('tests')
        .filter((f) => f.endsWith('.test.ts') && !f.endsWith(onPostgres ? '-domain.test.ts' : '-load.test.ts'))
        .sort()
        .map((f) => `tests/${f}`);

const r = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    '--test-reporter=./tests/helpers/failures-reporter.mjs',
    '--test-reporter-destination=stdout',
    ...files,
  ],
  // Test servers run WebAssembly on V8's baseline compiler (tests/helpers/wasm-baseline.mjs).
  { stdio: 'inherit', env: { ...process.env, MD_TEST_WASM_BASELINE: '1' } },
);
process.exit(r.status ?? 1);
