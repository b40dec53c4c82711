/**
 * `npm run bench`: the main API paths on PostgreSQL against a separate minimal Next.js 16 app
 * (bench/bare, one route handler: the denominator of every ratio) and a raw node:http server,
 * all in one run. This app's own GET /healthz is one more row: what its proxy matcher,
 * instrumentation and size cost a request that does nothing. Needs `npm run build` first and a
 * PostgreSQL server (BENCH_DATABASE_URL or DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/test; a fresh database is created for the run and
 * dropped after it). The bare app is built here, with the root's `next`, into bench/bare/.next.
 *
 * Load comes from autocannon in a separate process per measurement (bench/autocannon-child.mjs),
 * never from this process. Every path is measured BENCH_ROUNDS times (default 3) in alternating
 * rounds (raw, every path, then again), each right after a load of the bare app, its ratios'
 * denominator, and the median of the rounds is reported, so a burst of load from elsewhere on
 * the machine hits a path and its bare twin alike. Each measurement starts with ANALYZE
 * (harness.ts settle), so no path pays for plans cached before the writes grew a table.
 * Every server reports its event-loop delay at /metrics; each row records the worst delay
 * (max over its rounds), the worst delay less the server thread's waits for a CPU (`own`: what
 * its own work held the loop; the goal is on this one, since the bare app's raw worst is itself
 * 90–180 ms on a loaded two-core machine) and its p99 (median over rounds) during the measured
 * loads, and each extra figure (asset map, export, alerts) the worst delays while it ran.
 * Knobs: BENCH_SECONDS (5 per measurement), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (16),
 * BENCH_LOG_LEVEL (info: the server logs every request, as in production), BENCH_SUITES (names of
 * the suites to run, comma-separated; default all: bench/suites/index.ts).
 * Prints the table and the goals, and writes bench/results.json (this run only: history is git's);
 * a run of some suites only writes bench/results-partial.json instead (not kept in git), and
 * states only the goals its rows measure.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { startBareApp } from './bare-app';
import {
  benchContext,
  benchDatabaseUrl,
  startBenchServer,
  matterWriteSpec,
  measure,
  median,
  readLoopDelay,
  settle,
  type ExtraRow,
  type LoadSpec,
  type Sample,
} from './harness';
import { partialRun, suites } from './suites';

const base = benchDatabaseUrl();
process.env.DATABASE_URL = base;
const opts = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** No request may hold the event loop longer than this under the bench's loads (ms). */
const LOOP_GOAL_MS = 100;
const RAW = 'raw node:http (floor of Node itself)';
const BARE = 'bare Next.js 16 app, one route handler (bench/bare, GET /healthz)';
/** Ours, doing nothing either: the difference from BARE is our proxy matcher, instrumentation and app size. */
const HEALTHZ = "this app's GET /healthz (no database, no auth)";
/** The floor of any read: our bare route plus one database round trip, nothing else. */
const READYZ = "this app's GET /readyz (one database round trip)";
/** The floor of the idempotent write: its four statements (two round trips) on the driver from a bare route (src/server/http/write-floor.ts). */
const WRITE_FLOOR = "the write's 4 statements on pg from a bare route (POST /bench/write-floor)";

const raw = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'raw-http.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const rawPort = await new Promise<number>((resolve) =>
  raw.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
);
const bareApp = await startBareApp();
const srv = await startBenchServer({ MD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });

try {
  const ctx = benchContext(srv);
  const specs: LoadSpec[] = [
    { name: BARE, origin: bareApp.url, path: '/healthz' },
    { name: RAW, origin: `http://127.0.0.1:${rawPort}`, path: '/' },
    { name: HEALTHZ, origin: srv.url, path: '/healthz' },
    { name: READYZ, origin: srv.url, path: '/readyz' },
    matterWriteSpec(WRITE_FLOOR, srv.url, '/bench/write-floor', { 'Content-Type': 'application/json' }),
  ];
  for (const s of suites) if (s.setup) specs.push(...(await s.setup(ctx)));

  const samples = new Map<string, Sample[]>(specs.map((s) => [s.name, []]));
  /** Each path's bare app load, measured just before it in the same round: its ratios' denominator. */
  const twins = new Map<string, Sample[]>(specs.map((s) => [s.name, []]));
  const load = async (spec: LoadSpec, round: number) => {
    await settle(ctx);
    const s = await measure(spec, opts);
    console.log(
      `round ${round}/${ROUNDS}  ${spec.name.padEnd(48)} ${s.rps.toFixed(0).padStart(6)} req/s  p99 ${s.p99} ms  event loop max ${s.loop?.max ?? '?'} ms${s.non2xx || s.errors ? `  (${s.non2xx} non-2xx, ${s.errors} errors)` : ''}`,
    );
    return s;
  };
  const bareSpec = specs[0];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      if (spec === bareSpec) continue;
      const twin = await load(bareSpec, round);
      twins.get(spec.name)!.push(twin);
      samples.get(BARE)!.push(twin);
      samples.get(spec.name)!.push(await load(spec, round));
    }
  }
  // Figures that are not loads, each with the worst event-loop delay while it ran.
  const extras: ExtraRow[] = [];
  for (const s of suites) {
    if (!s.extra) continue;
    await readLoopDelay(`${srv.url}/metrics`);
    const rows = await s.extra(ctx);
    const loop = await readLoopDelay(`${srv.url}/metrics`);
    extras.push(...rows.map((r) => ({ ...r, loop_max_ms: loop?.max ?? null, loop_own_ms: loop?.own ?? null })));
  }

  const loopOf = (xs: Sample[]) => {
    const loops = xs.map((x) => x.loop).filter((l) => l !== null);
    return loops.length
      ? {
          max: Math.max(...loops.map((l) => l.max)),
          own: Math.max(...loops.map((l) => l.own)),
          p99: median(loops.map((l) => l.p99)),
        }
      : { max: null, own: null, p99: null };
  };
  const rows = specs.map((spec) => {
    const xs = samples.get(spec.name)!;
    const loop = loopOf(xs);
    return {
      name: spec.name,
      rps: median(xs.map((x) => x.rps)),
      p50: median(xs.map((x) => x.p50)),
      p99: median(xs.map((x) => x.p99)),
      non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
      errors: xs.reduce((a, x) => a + x.errors, 0),
      loop_max_ms: loop.max,
      loop_own_ms: loop.own,
      loop_p99_ms: loop.p99,
      rounds: xs,
    };
  });
  const bare = rows.find((r) => r.name === BARE)!;
  const byName = (n: string) => rows.find((r) => r.name === n)!;
  const maybe = (n: string) => rows.find((r) => r.name === n);
  // Each ratio is taken against the bare app measured just before the path, then the median
  // of the rounds: load from elsewhere on the machine comes in bursts that last tens of seconds,
  // and a bare route measured once a round, minutes from some paths, skewed their ratios by
  // ±20% (bare 844 → 1,272 req/s from one round to the next in one run).
  const twin = (r: typeof bare, i: number) => (r === bare ? r.rounds[i] : twins.get(r.name)![i]);
  const share = (r: typeof bare) => median(r.rounds.map((x, i) => x.rps / twin(r, i).rps));
  const p99Ratio = (r: typeof bare) => median(r.rounds.map((x, i) => x.p99 / Math.max(1, twin(r, i).p99)));
  // The core suite's rows: absent from a run of other suites (BENCH_SUITES), with their goals.
  const read = maybe('GET /v1/matters/{id}');
  const write = maybe('POST /v1/matters (Idempotency-Key)');
  const healthz = byName(HEALTHZ);
  // Our server's paths and figures; the bare app and raw node:http are there for comparison.
  const ours = [...rows.filter((r) => r !== bare && r.name !== RAW), ...extras];
  const worst = ours.reduce<{ name: string; ms: number } | null>((w, r) => {
    const ms = r.loop_own_ms ?? null;
    return ms !== null && (w === null || ms > w.ms) ? { name: r.name, ms } : w;
  }, null);
  // The raw worst delays, for the record: ours, and the bare app's (the machine's share of it).
  const rawWorst = Math.max(...ours.map((r) => r.loop_max_ms ?? 0));
  const goal = (value: number, target: number, atMost = false) => ({
    value,
    goal: target,
    met: atMost ? value <= target : value >= target,
  });
  const goals = {
    ...(read ? { read_rps_share: goal(share(read), 0.7), read_p99_vs_bare: goal(p99Ratio(read), 2, true) } : {}),
    ...(write ? { write_rps_share: goal(share(write), 0.5) } : {}),
    healthz_rps_share: goal(share(healthz), 0.9),
    event_loop_max_ms: {
      ...goal(worst?.ms ?? NaN, LOOP_GOAL_MS, true),
      path: worst?.name ?? null,
      measure: "the worst delay less the server thread's waits for a CPU",
      raw_worst_ms: rawWorst,
      bare_raw_worst_ms: bare.loop_max_ms,
    },
  };

  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const ms = (x: number | null | undefined) => (x === null || x === undefined ? '?' : x.toFixed(1));
  console.log(
    `\nPostgreSQL, autocannon ${opts.connections} connections, ${opts.seconds} s per path, median of ${ROUNDS} alternating rounds, one \`next start\` process, ${cpus().length} CPUs (load average ${loadavg()[0].toFixed(1)}):\n`,
  );
  console.log(
    '| path | req/s | p50 ms | p99 ms | share of bare app req/s | p99 vs bare | event loop ms: own work / worst / p99 | per round (req/s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const perRound =
      r === bare
        ? `${r.rounds.length} loads, ${Math.min(...r.rounds.map((x) => x.rps)).toFixed(0)}–${Math.max(...r.rounds.map((x) => x.rps)).toFixed(0)}`
        : r.rounds.map((x) => x.rps.toFixed(0)).join(' / ');
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${pct(share(r))} | ${p99Ratio(r).toFixed(2)}× | ${ms(r.loop_own_ms)} / ${ms(r.loop_max_ms)} / ${ms(r.loop_p99_ms)} | ${perRound} |`,
    );
  }
  for (const e of extras)
    console.log(
      `| ${e.name} | ${e.value} ${e.unit} | | | ${e.note ?? ''} | | ${ms(e.loop_own_ms)} / ${ms(e.loop_max_ms)} / | |`,
    );
  console.log(`\nbare app vs raw node:http: ${(share(byName(RAW)) ** -1 * 100).toFixed(1)}%`);
  const met = (g: { met: boolean }) => (g.met ? 'met' : 'NOT met');
  if (goals.read_rps_share && goals.read_p99_vs_bare) {
    console.log(
      `goal: read ≥ 70% of the bare app's req/s: ${pct(goals.read_rps_share.value)} ${met(goals.read_rps_share)}`,
    );
    console.log(
      `goal: read p99 ≤ 2× the bare app's p99: ${goals.read_p99_vs_bare.value.toFixed(2)}× ${met(goals.read_p99_vs_bare)}`,
    );
  }
  if (goals.write_rps_share)
    console.log(
      `goal: idempotent write ≥ 50%: ${pct(goals.write_rps_share.value)} ${met(goals.write_rps_share)} (its floor, the same statements on pg from a bare route: ${pct(share(byName(WRITE_FLOOR)))})`,
    );
  console.log(
    `goal: this app's /healthz ≥ 90% (proxy matcher and app size cost at most 10%): ${pct(goals.healthz_rps_share.value)} ${met(goals.healthz_rps_share)}`,
  );
  console.log(
    `goal: no request holds the event loop over ${LOOP_GOAL_MS} ms under the loads (the delay less the thread's waits for a CPU): worst ${ms(worst?.ms)} ms (${worst?.name ?? 'no figures'}) ${met(goals.event_loop_max_ms)}; raw worst delay ${ms(rawWorst)} ms, the bare app's ${ms(bare.loop_max_ms)} ms`,
  );
  const problems = rows.filter((r) => r.non2xx || r.errors);
  for (const r of problems) console.log(`warning: ${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);

  const resultsFile = partialRun ? 'results-partial.json' : 'results.json';
  writeFileSync(
    path.join(import.meta.dirname, resultsFile),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: cpus().length, loadavg: loadavg() },
        options: {
          ...opts,
          rounds: ROUNDS,
          database: 'postgresql',
          log_level: process.env.BENCH_LOG_LEVEL ?? 'info',
          suites: suites.map((s) => s.name),
        },
        denominator: BARE,
        rows: rows.map((r) => ({ ...r, share_of_bare: share(r), p99_vs_bare: p99Ratio(r) })),
        extras,
        goals,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nwrote bench/${resultsFile}`);
} finally {
  await srv.stop();
  await bareApp.stop();
  raw.kill('SIGTERM');
}
