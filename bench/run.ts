/**
 * `npm run bench`: the main API paths on PostgreSQL against a bare Next.js route handler and
 * a raw node:http server, all in one run. Needs `npm run build` first and a PostgreSQL server
 * (BENCH_DATABASE_URL or DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test; a
 * fresh database is created for the run and dropped after it).
 *
 * Load comes from autocannon in a separate process per measurement (bench/autocannon-child.mjs),
 * never from this process. Every path is measured BENCH_ROUNDS times (default 3) in alternating
 * rounds (raw, every suite path, then again), each right after a load of the bare route, its
 * ratios' denominator, and the median of the rounds is reported, so a burst of load from
 * elsewhere on the machine hits a path and its bare twin alike. Each measurement starts
 * with ANALYZE (harness.ts settle), so no path pays for plans cached before the writes grew a table.
 * Knobs: BENCH_SECONDS (5 per measurement), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (16),
 * BENCH_LOG_LEVEL (info: the server logs every request, as in production).
 * Prints the table and the goals, and writes bench/results.json.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/helpers/server';
import {
  benchContext,
  benchDatabaseUrl,
  matterWriteSpec,
  measure,
  median,
  settle,
  type ExtraRow,
  type LoadSpec,
  type Sample,
} from './harness';
import { suites } from './suites';

const base = benchDatabaseUrl();
process.env.DATABASE_URL = base;
const opts = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RAW = 'raw node:http (floor of Node itself)';
const BARE = 'bare Next.js route handler (GET /healthz)';
/** The floor of any read: the bare route plus one database round trip, nothing else. */
const READYZ = 'bare route + one database round trip (GET /readyz)';
/** The floor of the idempotent write: its four statements (two round trips) on the driver from a bare route (src/server/http/write-floor.ts). */
const WRITE_FLOOR = "bare route + the write's 4 statements on pg (POST /bench/write-floor)";

const raw = spawn(process.execPath, [path.join(import.meta.dirname, 'raw-http.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const rawPort = await new Promise<number>((resolve) =>
  raw.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
);
const srv = await startServer({
  MD_RATE_LIMIT_PER_MIN: '100000000',
  MD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  MD_BENCH_WRITE_FLOOR: '1',
});

try {
  const ctx = benchContext(srv);
  const specs: LoadSpec[] = [
    { name: RAW, origin: `http://127.0.0.1:${rawPort}`, path: '/' },
    { name: BARE, origin: srv.url, path: '/healthz' },
    { name: READYZ, origin: srv.url, path: '/readyz' },
    matterWriteSpec(WRITE_FLOOR, srv.url, '/bench/write-floor', { 'Content-Type': 'application/json' }),
  ];
  for (const s of suites) if (s.setup) specs.push(...(await s.setup(ctx)));

  const samples = new Map<string, Sample[]>(specs.map((s) => [s.name, []]));
  /** Each path's bare route, measured just before it in the same round: its ratios' denominator. */
  const twins = new Map<string, Sample[]>(specs.map((s) => [s.name, []]));
  const load = async (spec: LoadSpec, round: number) => {
    await settle(ctx);
    const s = await measure(spec, opts);
    console.log(
      `round ${round}/${ROUNDS}  ${spec.name.padEnd(48)} ${s.rps.toFixed(0).padStart(6)} req/s  p99 ${s.p99} ms${s.non2xx || s.errors ? `  (${s.non2xx} non-2xx, ${s.errors} errors)` : ''}`,
    );
    return s;
  };
  const bareSpec = specs.find((s) => s.name === BARE)!;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      if (spec === bareSpec) continue;
      const twin = await load(bareSpec, round);
      twins.get(spec.name)!.push(twin);
      samples.get(BARE)!.push(twin);
      samples.get(spec.name)!.push(await load(spec, round));
    }
  }
  const extras: ExtraRow[] = [];
  for (const s of suites) if (s.extra) extras.push(...(await s.extra(ctx)));

  const rows = specs.map((spec) => {
    const xs = samples.get(spec.name)!;
    return {
      name: spec.name,
      rps: median(xs.map((x) => x.rps)),
      p50: median(xs.map((x) => x.p50)),
      p99: median(xs.map((x) => x.p99)),
      non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
      errors: xs.reduce((a, x) => a + x.errors, 0),
      rounds: xs,
    };
  });
  const bare = rows.find((r) => r.name === BARE)!;
  const byName = (n: string) => rows.find((r) => r.name === n)!;
  // Each ratio is taken against the bare route measured just before the path, then the median
  // of the rounds: load from elsewhere on the machine comes in bursts that last tens of seconds,
  // and a bare route measured once a round, minutes from some paths, skewed their ratios by
  // ±20% (bare 844 → 1,272 req/s from one round to the next in one run).
  const twin = (r: typeof bare, i: number) => (r === bare ? r.rounds[i] : twins.get(r.name)![i]);
  const share = (r: typeof bare) => median(r.rounds.map((x, i) => x.rps / twin(r, i).rps));
  const p99Ratio = (r: typeof bare) => median(r.rounds.map((x, i) => x.p99 / Math.max(1, twin(r, i).p99)));
  const read = byName('GET /v1/matters/{id}');
  const write = byName('POST /v1/matters (Idempotency-Key)');
  const goals = {
    read_rps_share: { value: share(read), goal: 0.6, met: share(read) >= 0.6 },
    read_p99_vs_bare: { value: p99Ratio(read), goal: 3, met: p99Ratio(read) <= 3 },
    write_rps_share: { value: share(write), goal: 0.35, met: share(write) >= 0.35 },
  };

  console.log(
    `\nPostgreSQL, autocannon ${opts.connections} connections, ${opts.seconds} s per path, median of ${ROUNDS} alternating rounds, one \`next start\` process, ${cpus().length} CPUs (load average ${loadavg()[0].toFixed(1)}):\n`,
  );
  console.log(
    '| path | req/s | p50 ms | p99 ms | share of bare req/s (median of rounds, each against the bare route just before it) | per round |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(share(r) * 100).toFixed(1)}% | ${r === bare ? `${r.rounds.length} loads, ${Math.min(...r.rounds.map((x) => x.rps)).toFixed(0)}–${Math.max(...r.rounds.map((x) => x.rps)).toFixed(0)}` : r.rounds.map((x) => x.rps.toFixed(0)).join(' / ')} |`,
    );
  }
  for (const e of extras) console.log(`| ${e.name} | ${e.value} ${e.unit} | | | ${e.note ?? ''} | |`);
  console.log(`\nbare route vs raw node:http: ${(share(byName(RAW)) ** -1 * 100).toFixed(1)}%`);
  console.log(
    `goal: read ≥ 60% of bare req/s: ${(goals.read_rps_share.value * 100).toFixed(1)}% ${goals.read_rps_share.met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `goal: read p99 ≤ 3× bare p99: ${goals.read_p99_vs_bare.value.toFixed(2)}× ${goals.read_p99_vs_bare.met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `goal: idempotent write ≥ 35% of bare req/s: ${(goals.write_rps_share.value * 100).toFixed(1)}% ${goals.write_rps_share.met ? 'met' : 'NOT met'} (its floor, the same statements on pg from a bare route: ${(share(byName(WRITE_FLOOR)) * 100).toFixed(1)}%)`,
  );
  const problems = rows.filter((r) => r.non2xx || r.errors);
  for (const r of problems) console.log(`warning: ${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);

  writeFileSync(
    path.join(import.meta.dirname, 'results.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: cpus().length, loadavg: loadavg() },
        options: { ...opts, rounds: ROUNDS, database: 'postgresql', log_level: process.env.BENCH_LOG_LEVEL ?? 'info' },
        rows: rows.map((r) => ({ ...r, share_of_bare: share(r), p99_vs_bare: p99Ratio(r) })),
        extras,
        goals,
      },
      null,
      2,
    ) + '\n',
  );
  console.log('\nwrote bench/results.json');
} finally {
  await srv.stop();
  raw.kill('SIGTERM');
}
