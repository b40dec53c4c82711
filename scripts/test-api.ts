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
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);
