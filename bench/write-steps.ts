/**
 * Where the time of an idempotent `POST /v1/matters` goes, step by step (`tsx bench/write-steps.ts`).
 * Runs the real route handler in this process (no HTTP, no Next.js) on a fresh PostgreSQL
 * database, one request at a time, and times every statement on the wire by wrapping
 * `pg.Client#query`. A statement's time is its round trip (driver + network + PostgreSQL);
 * one sent while another is in flight on its connection (pipelined) rides that round trip
 * and counts from the answer before it. "handler and wrapper (JS)" is the request's wall time
 * minus all statements.
 * BENCH_WRITES sets the number of measured requests (default 400, after 50 warm-up).
 * BENCH_PROFILE=1 also profiles those requests (V8 sampling profiler) and prints where the
 * process's own CPU goes (bench/profile-buckets.ts).
 */
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { benchDatabaseUrl } from './harness';
import { profileBuckets } from './profile-buckets';

const base = benchDatabaseUrl();
const N = Number(process.env.BENCH_WRITES ?? 400);
const KEY = 'md_test_' + 'S'.repeat(8) + 'tepsBenchKey0000000000000000000000';

/** Which step a statement belongs to, from its SQL text. */
const STEPS: [string, RegExp][] = [
  ['authentication (api_keys lookup)', /FROM\s+"?api_keys"?/i],
  ['rate limit', /rate_limit_buckets/i],
  ['BEGIN', /^\s*BEGIN/i],
  ['COMMIT', /^\s*COMMIT/i],
  ['SAVEPOINT', /SAVEPOINT/i],
  [
    'idempotency claim (lock + lookup)',
    /pg_try_advisory_xact_lock|SELECT[\s\S]*FROM\s+"?(public"?\.)?"?idempotency_records/i,
  ],
  [
    'the matter, its audit + outbox append and the idempotency record (one statement)',
    /audit_chains[\s\S]*idempotency_records/i,
  ],
  ['idempotency record write', /(INSERT INTO|UPDATE)\s+"?(public"?\.)?"?idempotency_records/i],
  ['audit chain append', /audit_chains|audit_events/i],
  ['outbox insert', /INSERT INTO\s+"?(public"?\.)?"?events"?/i],
  ['the matter itself (handler)', /matters/i],
];

interface Tally {
  /** Statements of the step. */
  n: number;
  /** Round trips it started: a statement sent while another was in flight on its connection rode along. */
  trips: number;
  ms: number;
}
const tally = new Map<string, Tally>();
let active = false;
/** Per connection: statements in flight, and when the last one was answered. */
const wire = new WeakMap<pg.Client, { inflight: number; lastAnswer: number }>();
const origQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string };
  const text = typeof q === 'string' ? q : (q?.text ?? '');
  const t0 = performance.now();
  const step = STEPS.find(([, re]) => re.test(text))?.[0] ?? `other: ${text.slice(0, 40)}`;
  const conn = wire.get(this) ?? { inflight: 0, lastAnswer: 0 };
  wire.set(this, conn);
  const startsTrip = conn.inflight++ === 0;
  const done = () => {
    conn.inflight--;
    const now = performance.now();
    // Pipelined statements overlap: each counts from the later of its send and the answer
    // before it on its connection, so the steps' times add up to the time spent waiting.
    const ms = now - Math.max(t0, conn.lastAnswer);
    conn.lastAnswer = now;
    if (!active) return;
    const t = tally.get(step) ?? { n: 0, trips: 0, ms: 0 };
    t.n++;
    t.trips += startsTrip ? 1 : 0;
    t.ms += ms;
    tally.set(step, t);
  };
  // pg.Pool#query passes a callback; the driver adapter's transactions use the promise form.
  const cb = args.findIndex((a) => typeof a === 'function');
  if (cb >= 0) {
    const orig = args[cb] as (...r: unknown[]) => void;
    args[cb] = (...r: unknown[]) => {
      done();
      orig(...r);
    };
  }
  const out = origQuery.apply(this, args);
  if (cb < 0 && out && typeof (out as Promise<unknown>).then === 'function')
    void (out as Promise<unknown>).then(done, done);
  return out;
};

const dbName = `md_steps_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8'`);
const u = new URL(base);
u.pathname = '/' + dbName;
process.env.DATABASE_URL = u.toString();
process.env.MD_BOOTSTRAP_API_KEY = KEY;
process.env.MD_RATE_LIMIT_PER_MIN = '100000000';
process.env.MD_LOG_LEVEL = 'error';
process.env.MD_WEBHOOK_DISPATCHER = 'off';

try {
  const { ready } = await import('../src/server/db/ready');
  const { closeDb } = await import('../src/server/db/client');
  const { POST } = await import('../src/app/v1/matters/route');
  await ready();
  const route = { params: Promise.resolve({}) };
  const run = Date.now().toString(36);
  const send = async (i: number) => {
    const res = await POST(
      new Request('http://127.0.0.1/v1/matters', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${KEY}`,
          'MD-Version': '2026-06-11',
          'Content-Type': 'application/json',
          'Idempotency-Key': `steps-${run}-${i}`,
        },
        body: JSON.stringify({ name: `Steps ${i}`, mode: 'enforcement' }),
      }),
      route,
    );
    if (res.status !== 201) throw new Error(`POST /v1/matters: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await send(-i - 1);
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.post('Profiler.start');
  }
  active = true;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await send(i);
  const total = (performance.now() - t0) / N;
  active = false;
  const profile = profiler ? (await profiler.post('Profiler.stop')).profile : null;
  const rows = [...tally.entries()].map(([step, t]) => ({ step, n: t.n / N, trips: t.trips / N, ms: t.ms / N }));
  const db = rows.reduce((s, r) => s + r.ms, 0);
  rows.push({ step: 'handler and wrapper (JS)', n: 0, trips: 0, ms: total - db });
  rows.sort((a, b) => b.ms - a.ms);
  const sum = (k: 'n' | 'trips') => rows.reduce((s, r) => s + r[k], 0).toFixed(1);
  console.log(
    `\nidempotent POST /v1/matters, ${N} sequential requests in-process on PostgreSQL: ${total.toFixed(2)} ms each, ${sum('n')} statements in ${sum('trips')} round trips\n`,
  );
  console.log('| step | statements | round trips | ms / request | share |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.step} | ${r.n.toFixed(2)} | ${r.trips.toFixed(2)} | ${r.ms.toFixed(3)} | ${((r.ms / total) * 100).toFixed(1)}% |`,
    );
  if (profile) {
    const buckets = [...profileBuckets(profile)].sort((a, b) => b[1] - a[1]);
    const busy = buckets.reduce((s, [, us]) => s + us, 0);
    console.log(`\nthis process's CPU (not waiting): ${(busy / 1000 / N).toFixed(2)} ms a request\n`);
    console.log('| where | ms / request | share |');
    console.log('|---|---|---|');
    for (const [name, us] of buckets)
      console.log(`| ${name} | ${(us / 1000 / N).toFixed(3)} | ${((us / busy) * 100).toFixed(1)}% |`);
  }
  await closeDb();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
