/**
 * Scenario 2 — the database goes away.
 *
 * On PostgreSQL: a private instance (never the machine's shared cluster) is stopped for 10 s
 * while clients read and write. Every answer in that time is 503 `service_unavailable` with
 * Retry-After — never a 500, never a hang past 10 s — and the same server process serves again
 * once the database is back (`/readyz` answers 503 meanwhile): the writes refused meanwhile succeed when retried with their keys,
 * and the webhook dispatcher delivers every committed event, including those after the outage.
 *
 * On PGlite: a second process opening the same MD_DATA_DIR fails at start with a clear message,
 * the first keeps serving, and the data is intact after restarts (a stale lock left by kill -9
 * is taken over).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { client } from '../helpers/client';
import { fixtureOf, makeKit, type Req } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { assertErrorShape } from '../helpers/expect';
import { percentile, pool, report, shoot, sleep, type Shot } from './lib';
import { startPrivatePg, type PrivatePg } from './private-pg';
import { opByName } from './registry';
import { WRITE_KINDS } from './write-kinds';
import { freePort } from '../helpers/free-port';

const OUTAGE_MS = 10_000;
const HANG_LIMIT_MS = 10_000;
const CLIENTS = 6;

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Sample extends Shot {
  at: number;
  end: number;
  what: string;
}

test(
  'PostgreSQL stopped for 10 s under load: 503 with Retry-After, then recovery without restart',
  { timeout: 180_000 },
  async () => {
    const pg: PrivatePg = await startPrivatePg();
    cleanups.push(() => pg.destroy());
    const receiver: Receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const srv: TestServer = await startServer(
      { MD_WORKER_POLL_MS: '250', MD_WEBHOOK_RETRY_SCHEDULE_MS: '250,500,1000,2000,4000' },
      { databaseUrl: pg.url },
    );
    cleanups.push(() => srv.stop());
    const pidBefore = srv.pid();
    const admin = client(srv.url, srv.adminKey);
    const kit = await makeKit(admin);
    const endpoint = await admin.post('/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] });
    assert.equal(endpoint.status, 201);

    // Writes to send during the run, built while the database is up (the kinds of scenario 1).
    const writes: { op: string; method: string; req: Req; key: string; shots: Shot[] }[] = await pool(
      Array.from({ length: 90 }, (_, i) => WRITE_KINDS[i % WRITE_KINDS.length]),
      6,
      async (name, i) => ({
        op: name,
        method: opByName(name).method,
        req: await fixtureOf(name).build(kit),
        key: `chaos-db-${i}-${kit.unique('k')}`,
        shots: [],
      }),
    );
    const readPath = `/v1/matters/${writes.find((w) => w.req.matterId)!.req.matterId}`;

    const samples: Sample[] = [];
    let running = true;
    let next = 0;
    const sendWrite = (w: (typeof writes)[number]) =>
      shoot(srv.url, w.req.path, {
        method: w.method,
        key: srv.adminKey,
        body: JSON.stringify(w.req.body ?? {}),
        headers: { 'Idempotency-Key': w.key },
        timeoutMs: 30_000,
      });
    const loop = async (n: number) => {
      for (let i = 0; running; i++) {
        const at = Date.now();
        let s: Shot;
        let what: string;
        if ((i + n) % 2 === 0 && next < writes.length) {
          const w = writes[next++];
          what = w.op;
          s = await sendWrite(w);
          w.shots.push(s);
        } else {
          what = 'getMatter';
          s = await shoot(srv.url, readPath, { key: srv.adminKey, timeoutMs: 30_000 });
        }
        samples.push({ ...s, at, end: Date.now(), what });
        // A client that was told to come back later waits a little (not the whole Retry-After).
        if (s.status === 503) await sleep(200);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => loop(n));

    await sleep(2_000);
    const down = Date.now();
    pg.stop();
    const stopped = Date.now();
    await sleep(OUTAGE_MS / 2);
    // The readiness probe tells a load balancer the same thing, within its own time budget.
    const probeStarted = Date.now();
    const probe = await fetch(`${srv.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    const probeMs = Date.now() - probeStarted;
    assert.equal(probe.status, 503);
    assert.equal(probe.headers.get('retry-after'), '5');
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)));
    pg.start();
    const up = Date.now();
    // Recovery: the first 2xx after the database is back.
    while (!samples.some((s) => s.at >= up && s.status >= 200 && s.status < 300) && Date.now() - up < 30_000)
      await sleep(100);
    const recoveredMs = (samples.find((s) => s.at >= up && s.status >= 200 && s.status < 300)?.end ?? Infinity) - up;
    await sleep(3_000);
    running = false;
    await Promise.all(clients);

    // Every write refused meanwhile succeeds when retried with its key; answered ones replay.
    const unsent = writes.filter((w) => !w.shots.length).length;
    await pool(
      writes.filter((w) => w.shots.length),
      6,
      async (w) => {
        for (let i = 0; i < 10; i++) {
          const s = await sendWrite(w);
          w.shots.push(s);
          if (s.status !== 503 && s.status !== 0) break;
          await sleep(500);
        }
      },
    );
    const retriedOk = writes.filter(
      (w) => w.shots.length && w.shots.at(-1)!.status >= 200 && w.shots.at(-1)!.status < 300,
    ).length;
    // Lost: a write answered 2xx whose later answers are not the same body replayed.
    const lostWrites = writes.filter((w) => {
      const i = w.shots.findIndex((s) => s.status >= 200 && s.status < 300);
      return (
        i >= 0 &&
        w.shots
          .slice(i + 1)
          .some(
            (s) =>
              s.headers?.get('idempotent-replayed') !== 'true' ||
              JSON.stringify(s.body) !== JSON.stringify(w.shots[i].body),
          )
      );
    });
    const lost = lostWrites.length;
    for (const w of lostWrites.slice(0, 3))
      console.log(
        'LOST',
        w.op,
        w.key,
        w.shots.map(
          (s) => `${s.status} ${s.headers?.get('idempotent-replayed')} ${JSON.stringify(s.body).slice(0, 300)}`,
        ),
      );

    // The dispatcher resumed: a change committed after the outage, and all before, are delivered.
    const late = await admin.post('/v1/matters', { name: kit.unique('After the outage'), mode: 'enforcement' });
    assert.equal(late.status, 201);
    const committed = (
      await srv.sql<{ id: string }>(
        `SELECT e.id FROM events e JOIN webhook_endpoints w ON w.id = $1 WHERE e.org_id = w.org_id AND e.env = w.env AND e.created_at >= w.created_at`,
        [endpoint.body.webhook_endpoint_id],
      )
    ).map((r) => r.id);
    const delivered = () => new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    await receiver
      .waitFor(() => committed.every((id) => delivered().has(id)), 60_000, 'every committed event')
      .catch(() => {});
    const undelivered = committed.filter((id) => !delivered().has(id));

    const during = samples.filter((s) => s.at >= stopped + 500 && s.end <= up);
    const fivexx = samples.filter((s) => s.status >= 500);
    const not503 = fivexx.filter((s) => s.status !== 503);
    const bad503 = fivexx.filter(
      (s) => s.status === 503 && (s.body?.error?.code !== 'service_unavailable' || !s.headers?.get('retry-after')),
    );
    const network = samples.filter((s) => s.status === 0);
    const slow = samples.filter((s) => s.ms > HANG_LIMIT_MS);
    report('db-loss', {
      requests: samples.length,
      during_outage: during.length,
      '503': fivexx.length - not503.length,
      '500': samples.filter((s) => s.status === 500).length,
      other_5xx: not503.length - samples.filter((s) => s.status === 500).length,
      network_errors: network.length,
      max_ms: Math.max(...samples.map((s) => s.ms)),
      p99_ms: percentile(
        samples.map((s) => s.ms),
        99,
      ),
      recovered_after_ms: recoveredMs,
      readyz_503_after_ms: probeMs,
      writes: writes.length - unsent,
      writes_ok_after_retry: retriedOk,
      lost,
      events_committed: committed.length,
      events_delivered: committed.length - undelivered.length,
      server_restarts: srv.pid() === pidBefore ? 0 : 1,
    });
    if (not503.length)
      console.log(
        srv
          .output()
          .split('\n')
          .filter((l) => l.includes('unhandled error'))
          .slice(0, 5)
          .join('\n'),
      );
    for (const s of fivexx.slice(0, 50))
      assertErrorShape({ status: s.status, body: s.body, headers: s.headers! }, `${s.what} `);
    assert.deepEqual(
      not503.map((s) => `${s.what} ${s.status} ${JSON.stringify(s.body).slice(0, 200)}`),
      [],
      'only 503 while the database is away',
    );
    assert.deepEqual(
      bad503.map((s) => JSON.stringify(s.body)),
      [],
      '503 service_unavailable with Retry-After',
    );
    assert.deepEqual(
      network.map((s) => `${s.what}: ${s.error}`),
      [],
      'no dropped connection',
    );
    assert.deepEqual(
      slow.map((s) => `${s.what} ${s.status} ${Math.round(s.ms)} ms`),
      [],
      `no answer slower than ${HANG_LIMIT_MS} ms`,
    );
    assert.ok(
      during.length > 0 && during.every((s) => s.status === 503),
      `every request during the outage answers 503 (${during.length})`,
    );
    assert.ok(recoveredMs < 15_000, `served again ${recoveredMs} ms after the database came back`);
    assert.equal(retriedOk, writes.length - unsent, 'every write succeeds when retried with its key');
    assert.equal(lost, 0);
    assert.deepEqual(undelivered, [], 'the dispatcher delivered every committed event after the outage');
    assert.equal(srv.pid(), pidBefore, 'the same server process served throughout');
  },
);

test(
  'PGlite: a second process on the same MD_DATA_DIR fails at start; nothing is corrupted',
  { timeout: 180_000 },
  async () => {
    const srv = await startServer({}, { databaseUrl: null });
    cleanups.push(() => srv.stop());
    const admin = client(srv.url, srv.adminKey);
    const m = await admin.post('/v1/matters', { name: 'Lock check', mode: 'enforcement' });
    assert.equal(m.status, 201);

    // A second `next start` on the same folder.
    const port = await freePort();
    const root = path.resolve(import.meta.dirname, '../..');
    const second = spawn(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: root,
        env: { ...srv.env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    second.stdout!.on('data', (d) => (out += d));
    second.stderr!.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => {
      const t = setTimeout(() => {
        second.kill('SIGKILL');
        resolve(null);
      }, 60_000);
      second.once('exit', (c) => {
        clearTimeout(t);
        resolve(c);
      });
    });
    assert.notEqual(code, 0, `the second process must not run (exit ${code}):\n${out}`);
    assert.ok(code !== null, `the second process exits by itself:\n${out}`);
    assert.match(out, /in use by process \d+/, 'a clear message names the folder and its owner');

    // The first keeps serving, its data intact; a kill -9 leaves a stale lock that is taken over.
    assert.equal((await admin.get(`/v1/matters/${m.body.matter_id}`)).status, 200);
    assert.equal(
      (await admin.post('/v1/matters', { name: 'After the refused second process', mode: 'enforcement' })).status,
      201,
    );
    await srv.crash();
    await srv.restart();
    const list = await admin.get('/v1/matters');
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 2);
    const chain = await admin.get(`/v1/audit/matters/${m.body.matter_id}/verify`);
    assert.equal(chain.body.valid, true);
    report('pglite-lock', {
      second_process_exit: code ?? 'none',
      matters_after_restarts: list.body.data.length,
      chain_valid: String(chain.body.valid),
    });
  },
);
