/**
 * The benchmark harness: other benchmarks add rows through it (a suite in bench/suites/).
 *
 * - A `BenchSuite` gets the running app (`BenchContext`) and returns `LoadSpec`s: HTTP paths
 *   to drive with autocannon. Register it in bench/suites/index.ts; `npm run bench` then
 *   measures its paths in the same alternating rounds as the core paths and reports them
 *   against the bare route handler in the table and in bench/results.json.
 * - A measurement that is not a closed-loop HTTP load (e.g. alert latency, an export's
 *   duration) returns it from `extra(ctx)` as `ExtraRow`s, which are reported as they are.
 * - `measure(spec)` runs one autocannon load from a separate process, for ad-hoc scripts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { readLoopDelay as readLoop } from './loop-delay.mjs';
import { startServer } from '../tests/helpers/server';

/** The PostgreSQL server the benchmarks create their databases on. */
export const benchDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface LoadSpec {
  /** Row label, e.g. "GET /v1/matters/{id}". */
  name: string;
  /** Base URL (scheme://host:port). */
  origin: string;
  /** Path and query. */
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send a fresh Idempotency-Key with every request. */
  uniqueIdempotencyKey?: boolean;
  /** Each request takes the next of these paths, in turn (instead of `path`). */
  cyclePaths?: string[];
  /** Where the server reports its event-loop delay: origin + /metrics unless given; null: nowhere. */
  metricsUrl?: string | null;
}

/**
 * The benchmarked write: a matter created with a fresh Idempotency-Key each time, at
 * `/v1/matters` or at the write floor's `/bench/write-floor` (which needs no credentials).
 */
export function matterWriteSpec(name: string, origin: string, path: string, headers: Record<string, string>): LoadSpec {
  const body = JSON.stringify({ name: 'Bench write', mode: 'enforcement' });
  return { name, origin, path, method: 'POST', headers, body, uniqueIdempotencyKey: true };
}

export interface Sample {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  duration: number;
  /** The server's event-loop delay over the measured load (ms): worst, own work and 99th percentile. */
  loop: LoopDelay | null;
}

export interface LoopDelay {
  max: number;
  /** The worst delay less the server thread's waits for a CPU: what its own work held the loop. */
  own: number;
  /** The most CPU time the server thread used within one delay: the computing part of `own`. */
  cpu: number;
  p99: number;
}

export interface ExtraRow {
  name: string;
  value: number;
  unit: string;
  note?: string;
  /** The server's worst event-loop delay (ms) while this figure was measured (run.ts fills it in). */
  loop_max_ms?: number | null;
  /** The same less the server thread's waits for a CPU (ms): what its own work held the loop. */
  loop_own_ms?: number | null;
}

export interface BenchContext {
  /** The app's base URL. */
  url: string;
  /** Admin API key of the benchmark's organization. */
  key: string;
  /** Authorization + MD-Version headers; `json` adds Content-Type. */
  auth: Record<string, string>;
  json: Record<string, string>;
  /** POST through the API (setup only); returns the parsed body. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<any>;
  /** SQL straight against the app's PostgreSQL database (bulk seeding). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface BenchSuite {
  name: string;
  /** Paths to load, measured in the shared rounds. */
  setup?(ctx: BenchContext): Promise<LoadSpec[]>;
  /** Other figures, measured once after the rounds. */
  extra?(ctx: BenchContext): Promise<ExtraRow[]>;
}

/**
 * This app as `npm run bench` and `bench:cpu` load it: no rate limit in the way, a log line per
 * request as in production (its stdout to a file, not a pipe into the bench process), and the
 * write floor served. `env` adds to or overrides that.
 */
export const startBenchServer = (env: Record<string, string> = {}) =>
  startServer(
    // Every route preloaded at start, as in production (test servers skip it: next.config.js).
    {
      MD_RATE_LIMIT_PER_MIN: '100000000',
      MD_LOG_LEVEL: 'info',
      MD_BENCH_WRITE_FLOOR: '1',
      MD_PRELOAD_ROUTES: '1',
      ...env,
    },
    { stdoutToFile: true },
  );

/** The BenchContext of a started app (tests/helpers/server's startServer). */
export function benchContext(srv: {
  url: string;
  adminKey: string;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}): BenchContext {
  const auth = { Authorization: `Bearer ${srv.adminKey}`, 'MD-Version': '2026-06-11' };
  const json = { ...auth, 'Content-Type': 'application/json' };
  return {
    url: srv.url,
    key: srv.adminKey,
    auth,
    json,
    post: async (p, body, headers = {}) =>
      (
        await fetch(srv.url + p, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })
      ).json(),
    sql: (text, params) => srv.sql(text, params),
  };
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

const CHILD = path.join(import.meta.dirname, 'autocannon-child.mjs');

/** Runs one autocannon load in a child process and returns its figures. */
export function measure(spec: LoadSpec, opts: LoadOptions): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify({ ...spec, ...opts }));
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code} for ${spec.name}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

/**
 * Brings the planner's statistics up to date before a path is measured. The bench grows tables
 * from empty by thousands of rows a round (the writes), faster than autovacuum (one-minute
 * naptime) re-analyzes them, and a plan cached while a table was one page (a sequential scan of
 * `matters`, say) would then be billed to whichever path runs next. ANALYZE invalidates those
 * plans, so each path runs on the plans a steady-state database would give it.
 */
export const settle = (ctx: Pick<BenchContext, 'sql'>) => ctx.sql('ANALYZE');

/** The server's event-loop delay since the previous read (ms); each read starts a new window. */
export const readLoopDelay = (metricsUrl: string): Promise<LoopDelay | null> => readLoop(metricsUrl);

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
