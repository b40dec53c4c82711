/**
 * Webhook delivery benchmark on PostgreSQL (`tsx bench/webhooks.ts`; needs `npm run build`).
 * Starts the built app on a fresh database (DATABASE_URL, default the local server) and a
 * receiver on 127.0.0.1, then measures:
 * 1. throughput: a backlog of events drained by 1, then 2, `npm run worker` processes
 *    (deliveries per second from worker start to the last receipt);
 * 2. latency at a steady 100 events/s committed straight into the outbox (one transaction per
 *    event, NOTIFY like the app does), delivered by one worker process: commit to receipt;
 * 3. the same through the API (matter creations), delivered by the server's in-process
 *    dispatcher: event created_at (in the committing transaction) to receipt. On a small shared
 *    machine the API may not sustain the target rate; the achieved rate is printed.
 * Knobs: BENCH_BACKLOG (default 500), BENCH_RATE (100), BENCH_SECONDS (10).
 * Goal: at least 500 deliveries/s from one worker. The figures are added to bench/results.json
 * (under `webhooks`, with their own time) after `bench/run.ts` wrote it, as `npm run bench` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from '../tests/helpers/server';
import { client, type Client } from '../tests/helpers/client';
import { startReceiver, type Receiver } from '../tests/helpers/receiver';
import pg from 'pg';
import { newId } from '../src/server/ids';
import { CHANNEL } from '../src/server/jobs/pg-work-channel';

const ROOT = path.resolve(import.meta.dirname, '..');
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_INFLIGHT = 32;
/** Deliveries per second one worker must reach on a backlog. */
const GOAL_PER_SECOND = 500;
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
  console.error('bench/webhooks.ts needs a production build: run `npm run build` first.');
  process.exit(1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function createEvents(c: Client, n: number, parallel = 8) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        next++;
        const r = await c.post('/v1/matters', { name: `bench ${next}`, mode: 'small_judgment' });
        if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }),
  );
}

async function startWorker(srv: TestServer): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...srv.env, MD_LOG_LEVEL: 'warn', MD_WORKER_POLL_MS: '50' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes(' ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
  return child;
}

async function stopWorkers(ws: ChildProcess[]) {
  await Promise.all(
    ws.map(
      (w) =>
        new Promise((r) => {
          w.once('exit', r);
          w.kill('SIGTERM');
        }),
    ),
  );
}

/** Drains a backlog of BACKLOG events with `n` worker processes; deliveries per second. */
async function throughput(srv: TestServer, c: Client, rec: Receiver, n: number) {
  await createEvents(c, BACKLOG);
  const start = rec.received.length;
  const t0 = performance.now();
  const workers = await Promise.all(Array.from({ length: n }, () => startWorker(srv)));
  const tReady = performance.now();
  await rec.waitFor((all) => all.length >= start + BACKLOG, 300_000, 'backlog');
  const seconds = (performance.now() - tReady) / 1000;
  await stopWorkers(workers);
  return { perSecond: BACKLOG / seconds, seconds, startup: (tReady - t0) / 1000 };
}

/**
 * A steady RATE events/s committed into the outbox for SECONDS, delivered by one worker woken
 * by LISTEN/NOTIFY; latency from each COMMIT's return to the receipt.
 */
async function outboxLatency(srv: TestServer, orgId: string, rec: Receiver) {
  const total = RATE * SECONDS;
  const committed = new Map<string, number>();
  const start = rec.received.length;
  const worker = await startWorker(srv);
  const pool = new pg.Pool({ connectionString: srv.env.DATABASE_URL, max: 8 });
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      (async () => {
        const id = newId('event');
        const data = { object: { object: 'matter', matter_id: newId('matter'), name: `outbox ${i}` } };
        const conn = await pool.connect();
        try {
          await conn.query('BEGIN');
          await conn.query(
            `INSERT INTO events (id, org_id, env, type, api_version, data, created_at) VALUES ($1, $2, 'sandbox', 'matter.created', '2026-06-11', $3, now())`,
            [id, orgId, JSON.stringify(data)],
          );
          await conn.query(`SELECT pg_notify($1, 'webhooks')`, [CHANNEL]);
          await conn.query('COMMIT');
          committed.set(id, Date.now());
        } finally {
          conn.release();
        }
      })(),
    );
  }
  const sent = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  await rec.waitFor((all) => all.length >= start + total, 120_000, 'outbox events');
  await stopWorkers([worker]);
  await pool.end();
  const lat = rec.received
    .slice(start)
    .map((r) => r.at - committed.get(r.json.id)!)
    .sort((a, b) => a - b);
  return { total, rate: total / sent, p50: pct(lat, 50), p99: pct(lat, 99), max: lat[lat.length - 1] };
}

/** A steady RATE matter creations/s through the API; created_at-to-receipt latency. */
async function latency(c: Client, rec: Receiver) {
  const total = RATE * SECONDS;
  const start = rec.received.length;
  const t0 = performance.now();
  const pending: Promise<unknown>[] = [];
  let inflight = 0;
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    // Bounded like a real client pool: past MAX_INFLIGHT the offered rate drops to what the API completes.
    while (inflight >= MAX_INFLIGHT) await sleep(2);
    inflight++;
    pending.push(c.post('/v1/matters', { name: `steady ${i}`, mode: 'small_judgment' }).finally(() => inflight--));
  }
  // The rate the API actually completed (it may fall behind the offered rate on a small machine).
  await Promise.all(pending);
  const sent = (performance.now() - t0) / 1000;
  await rec.waitFor((all) => all.length >= start + total, 120_000, 'steady-state events');
  const lat = rec.received
    .slice(start)
    .map((r) => r.at - Date.parse(r.json.created_at))
    .sort((a, b) => a - b);
  return { total, rate: total / sent, p50: pct(lat, 50), p99: pct(lat, 99), max: lat[lat.length - 1] };
}

const rec = await startReceiver();
const srv = await startServer({ MD_WEBHOOK_DISPATCHER: 'off', MD_LOG_LEVEL: 'warn' });
try {
  const c = client(srv.url, srv.adminKey);
  const ep = await c.post('/v1/webhook_endpoints', { url: rec.url, enabled_events: ['matter.created'] });
  if (ep.status !== 201) throw new Error(JSON.stringify(ep.body));
  console.error(`backlog of ${BACKLOG} events, 1 worker…`);
  const one = await throughput(srv, c, rec, 1);
  console.error(`  ${one.perSecond.toFixed(0)} deliveries/s`);
  console.error(`backlog of ${BACKLOG} events, 2 workers…`);
  const two = await throughput(srv, c, rec, 2);
  console.error(`  ${two.perSecond.toFixed(0)} deliveries/s`);
  console.error(`${RATE} events/s for ${SECONDS} s into the outbox, 1 worker…`);
  const orgId = (await c.get('/v1/organizations')).body.data.find(
    (o: { parent_id: string | null }) => o.parent_id === null,
  ).organization_id;
  const outbox = await outboxLatency(srv, orgId, rec);
  console.error(`  p50 ${outbox.p50} ms, p99 ${outbox.p99} ms`);
  console.error(`${RATE} events/s for ${SECONDS} s through the API, in-process dispatcher…`);
  await srv.restart({ MD_WEBHOOK_DISPATCHER: 'on' });
  const steady = await latency(c, rec);

  const rows = [
    ['throughput, 1 worker process', `${BACKLOG} events`, `${one.perSecond.toFixed(0)} deliveries/s`],
    ['throughput, 2 worker processes', `${BACKLOG} events`, `${two.perSecond.toFixed(0)} deliveries/s`],
    [
      `commit → receipt, outbox at ${outbox.rate.toFixed(0)} events/s, 1 worker`,
      `${outbox.total} events`,
      `p50 ${outbox.p50} ms, p99 ${outbox.p99} ms (max ${outbox.max} ms)`,
    ],
    [
      `commit → receipt, API at ${steady.rate.toFixed(0)} requests/s, in-process`,
      `${steady.total} events`,
      `p50 ${steady.p50} ms, p99 ${steady.p99} ms (max ${steady.max} ms)`,
    ],
  ];
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['scenario', 'load', 'result'][i].length));
  const line = (r: string[]) => `| ${r.map((x, i) => x.padEnd(w[i])).join(' | ')} |`;
  const [l1] = loadavg();
  console.log(
    `\nWebhooks on PostgreSQL (local receiver on 127.0.0.1; ${cpus().length} CPUs, load average ${l1.toFixed(1)} at the end)`,
  );
  console.log(line(['scenario', 'load', 'result']));
  console.log(`|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  const met = one.perSecond >= GOAL_PER_SECOND;
  console.log(
    `goal: one worker ≥ ${GOAL_PER_SECOND} deliveries/s: ${one.perSecond.toFixed(0)} ${met ? 'met' : 'NOT met'}`,
  );
  const file = path.join(import.meta.dirname, 'results.json');
  const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  results.webhooks = {
    at: new Date().toISOString(),
    loadavg: loadavg(),
    options: { backlog: BACKLOG, rate: RATE, seconds: SECONDS },
    one_worker_per_second: one.perSecond,
    two_workers_per_second: two.perSecond,
    outbox_latency_ms: outbox,
    api_latency_ms: steady,
    goal: { value: one.perSecond, goal: GOAL_PER_SECOND, met },
  };
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  console.log('added the webhook figures to bench/results.json');
} finally {
  await srv.stop();
  await rec.close();
}
