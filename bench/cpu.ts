/**
 * `npm run bench:cpu`: where a request's time goes, as the server process's own CPU time per
 * request (utime + stime from /proc/<pid>/stat around a load, divided by the requests served),
 * and PostgreSQL's (every `postgres` process on the machine, the same way).
 * Unlike req/s, this barely moves with the load autocannon and PostgreSQL put on the same two
 * cores, so the steps between paths can be read off by subtraction:
 *   the separate bare Next.js app (bench/bare, its own process) → this app's bare route
 *   (/healthz: proxy matcher, instrumentation, app size) → + one database round trip (/readyz) → + the REST wrapper without a query
 *   (/v1/capabilities: auth, rate limit, scope, logging, metrics) → the read → the write's
 *   statements on pg from a bare route (/bench/write-floor) → the write.
 * PostgreSQL as in `npm run bench`; BENCH_ROUNDS (3) alternating rounds of BENCH_SECONDS (5).
 * BENCH_PROFILE=1 then loads each path once more under V8's sampling profiler inside the server
 * (bench/cpu-profile-hook.mjs) and prints where the server's CPU goes, per request and per
 * bucket (bench/profile-buckets.ts). The profiler itself costs a few percent; it has its own row.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Profiler } from 'node:inspector';
import {
  benchContext,
  benchDatabaseUrl,
  startBenchServer,
  matterWriteSpec,
  measure,
  median,
  settle,
  type BenchContext,
  type LoadSpec,
} from './harness';
import { profileBuckets } from './profile-buckets';
import { startBareApp } from './bare-app';

process.env.DATABASE_URL = benchDatabaseUrl();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const profileDir = process.env.BENCH_PROFILE ? mkdtempSync(path.join(tmpdir(), 'md-cpu-profile-')) : null;
const profileOut = profileDir && path.join(profileDir, 'server.cpuprofile');
const bareProfileOut = profileDir && path.join(profileDir, 'bare.cpuprofile');
const hook = (out: string | null): Record<string, string> =>
  out
    ? { NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile-hook.mjs')}`, BENCH_PROFILE_OUT: out }
    : {};

const srv = await startBenchServer(hook(profileOut));
const bareApp = await startBareApp(hook(bareProfileOut));
/** CPU milliseconds a process has used so far (clock ticks are 10 ms on Linux). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/**
 * CPU ticks of every PostgreSQL process (the cluster's backends and background workers), by
 * pid: a process that ends during a load (an autovacuum worker) must not subtract its whole
 * life from the sum, so loads are compared pid by pid (pgCpuMsSince).
 */
const pgTicks = () => {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.startsWith(`${pid} (postgres)`)) continue;
      const fields = stat.split(') ')[1].split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks;
};
/** PostgreSQL's CPU milliseconds since `before` (processes that ended meanwhile not counted). */
const pgCpuMsSince = (before: Map<string, number>) => {
  let ticks = 0;
  for (const [pid, t] of pgTicks()) ticks += t - (before.get(pid) ?? 0);
  return ticks * 10;
};
try {
  const ctx = benchContext(srv);
  const matter = await ctx.post('/v1/matters', { name: 'CPU bench matter', mode: 'enforcement' });
  const get = (name: string, path: string, auth = true): LoadSpec => ({
    name,
    origin: ctx.url,
    path,
    ...(auth ? { headers: ctx.auth } : {}),
  });
  const bare: LoadSpec = { name: 'bare Next.js app (bench/bare, GET /healthz)', origin: bareApp.url, path: '/healthz' };
  const specs: LoadSpec[] = [
    bare,
    get("this app's bare route (GET /healthz)", '/healthz', false),
    get('+ one database round trip (GET /readyz)', '/readyz', false),
    get('REST wrapper, no query (GET /v1/capabilities)', '/v1/capabilities'),
    get('read (GET /v1/matters/{id})', `/v1/matters/${matter.matter_id}`),
    matterWriteSpec(
      "the write's statements on pg, bare route (POST /bench/write-floor)",
      ctx.url,
      '/bench/write-floor',
      ctx.json,
    ),
    matterWriteSpec('idempotent write (POST /v1/matters)', ctx.url, '/v1/matters', ctx.json),
  ];
  /** The process serving a path: the bare app's, or this app's. */
  const pidOf = (spec: LoadSpec) => (spec === bare ? bareApp.pid : srv.pid()!);
  const perRequest = new Map<string, number[]>(specs.map((s) => [s.name, []]));
  const pgPerRequest = new Map<string, number[]>(specs.map((s) => [s.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      await settle(ctx);
      await measure(spec, { connections: 16, seconds: 1, warmupSeconds: 0 });
      const [before, pgBefore] = [cpuMs(pidOf(spec)), pgTicks()];
      const s = await measure({ ...spec, metricsUrl: null }, { connections: 16, seconds: SECONDS, warmupSeconds: 0 });
      const n = Math.max(1, s.ok + s.non2xx);
      const [ms, pgMs] = [(cpuMs(pidOf(spec)) - before) / n, pgCpuMsSince(pgBefore) / n];
      perRequest.get(spec.name)!.push(ms);
      pgPerRequest.get(spec.name)!.push(pgMs);
      console.log(
        `round ${round}/${ROUNDS}  ${spec.name.padEnd(48)} ${ms.toFixed(3)} ms CPU/request, PostgreSQL ${pgMs.toFixed(3)} ms  (${s.rps.toFixed(0)} req/s)`,
      );
    }
  }
  const bareMs = median(perRequest.get(bare.name)!);
  console.log(
    '\n| path | server CPU per request (median) | × bare app | PostgreSQL CPU per request (median) |\n|---|---|---|---|',
  );
  for (const spec of specs) {
    const ms = median(perRequest.get(spec.name)!);
    const pgMs = median(pgPerRequest.get(spec.name)!);
    console.log(`| ${spec.name} | ${ms.toFixed(2)} ms | ${(ms / bareMs).toFixed(2)} | ${pgMs.toFixed(2)} ms |`);
  }
  if (profileOut)
    await printProfiles(ctx, specs, (spec) =>
      spec === bare ? [bareApp.pid, bareProfileOut!] : [srv.pid()!, profileOut],
    );
} finally {
  await srv.stop();
  await bareApp.stop();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}

/** One profiled load per path; a table of buckets (ms a request) with a column per path. */
async function printProfiles(ctx: BenchContext, specs: LoadSpec[], target: (spec: LoadSpec) => [number, string]) {
  const signalled = async (file: string) => {
    while (!existsSync(file)) await new Promise((r) => setTimeout(r, 20));
    rmSync(file);
  };
  const columns: Map<string, number>[] = [];
  for (const spec of specs) {
    const [pid, out] = target(spec);
    await settle(ctx);
    process.kill(pid, 'SIGUSR2');
    await signalled(`${out}.started`);
    const s = await measure({ ...spec, metricsUrl: null }, { connections: 16, seconds: SECONDS, warmupSeconds: 0 });
    process.kill(pid, 'SIGUSR2');
    await signalled(`${out}.done`);
    const n = Math.max(1, s.ok + s.non2xx);
    const buckets = profileBuckets(JSON.parse(readFileSync(out, 'utf8')) as Profiler.Profile);
    columns.push(new Map([...buckets].map(([name, us]) => [name, us / 1000 / n])));
  }
  const total = (c: Map<string, number>) => [...c.values()].reduce((a, b) => a + b, 0);
  const names = [...new Set(columns.flatMap((c) => [...c.keys()]))].sort(
    (a, b) => (columns.at(-1)!.get(b) ?? 0) - (columns.at(-1)!.get(a) ?? 0),
  );
  console.log(`\nserver CPU under the profiler, ms a request (busy samples only)\n`);
  console.log(`| where | ${specs.map((s) => s.name).join(' | ')} |`);
  console.log(`|---|${specs.map(() => '---|').join('')}`);
  for (const name of names)
    console.log(`| ${name} | ${columns.map((c) => (c.get(name) ?? 0).toFixed(3)).join(' | ')} |`);
  console.log(`| **total** | ${columns.map((c) => `**${total(c).toFixed(3)}**`).join(' | ')} |`);
}
