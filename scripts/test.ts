/**
 * `npm test`: the API suites (`npm run test:api`) and the Playwright specs (`npm run test:e2e`)
 * side by side. Playwright, one spec file at a time against one server, leaves about one of two
 * cores idle when it runs alone, and the API suites fill it: on PGlite, 21.1 min side by side
 * against 14.4 + 9.6 min one after the other. Both are CPU-bound beyond that, so more at once
 * gains nothing. Playwright's lines are prefixed `e2e |` so that the two stay readable in one log.
 * Fails if either fails. Playwright's failures and flaky tests are printed again at the end: the
 * API suites' TAP, which usually ends last, would otherwise bury them far up a long log.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The last lines Playwright printed (its failure report comes at its end). */
const e2eTail: string[] = [];

function run(script: string, prefix: string | null): Promise<number> {
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
  });
  if (prefix) {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        process.stdout.write(`${prefix}${line}\n`);
        if (e2eTail.push(line) > 600) e2eTail.shift();
      });
    }
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const started = Date.now();
const [api, e2e] = await Promise.all([run('test:api', null), run('test:e2e', 'e2e | ')]);
// The list reporter numbers each failure at the end ("  1) [console] › e2e/console/….spec.ts:…");
// a test that failed and then passed on its retry (CI) is counted under "N flaky".
const report = e2eTail.findIndex((line) => /^ {2}\d+\) \[/.test(line));
const flaky = e2eTail.findIndex((line) => /^ {2}\d+ flaky$/.test(line));
if (e2e !== 0 || flaky !== -1) {
  console.log('\n== Playwright failures and flaky tests (repeated from above) ==');
  console.log(e2eTail.slice(report !== -1 ? report : flaky !== -1 ? flaky : -80).join('\n'));
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `npm test: API suites ${api === 0 ? 'passed' : 'FAILED'}, Playwright ${e2e === 0 ? 'passed' : 'FAILED'} (${minutes} min)`,
);
process.exit(api === 0 && e2e === 0 ? 0 : 1);
