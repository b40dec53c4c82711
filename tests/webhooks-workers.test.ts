/**
 * Separate `npm run worker` processes on PostgreSQL: a worker killed with SIGKILL mid-delivery
 * loses nothing (its leased attempts are claimed again once the lease expires), and two workers
 * side by side never deliver one event twice to one endpoint. The server's own dispatcher is off
 * (MD_WEBHOOK_DISPATCHER=off), so every delivery here comes from the worker processes.
 *
 * PGlite: skipped, because a PGlite folder can only be opened by one process (the server).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { startReceiver, type Receiver } from './helpers/receiver';
import { exited, POSTGRES_ONLY, workerPool, type WorkerPool } from './helpers/workers';

let srv: TestServer;
let c: Client;
let workers: WorkerPool;
const receivers: Receiver[] = [];

async function createMatters(n: number, label: string, parallel = 5): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, n - i) }, (_, j) =>
        c.post('/v1/matters', { name: `${label} ${i + j}`, mode: 'small_judgment' }),
      ),
    );
    for (const m of batch) {
      assert.equal(m.status, 201);
      ids.push(m.body.matter_id);
    }
  }
  return ids;
}

describe('webhook workers on PostgreSQL', { skip: POSTGRES_ONLY }, () => {
  before(async () => {
    srv = await startServer({ MD_WEBHOOK_DISPATCHER: 'off', MD_WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300' });
    c = client(srv.url, srv.adminKey);
    workers = workerPool(srv, { MD_WORKER_POLL_MS: '100', MD_LOG_LEVEL: 'warn' });
  });
  after(async () => {
    await workers?.killAll();
    for (const r of receivers) await r.close();
    await srv?.stop();
  });

  test(
    'a worker killed mid-delivery loses no event: each is delivered at least once after a restart',
    { timeout: 120_000 },
    async () => {
      const rec = await startReceiver();
      receivers.push(rec);
      // The first request hangs: the worker is killed while that attempt is in flight.
      let release: () => void = () => {};
      const hung = new Promise<void>((r) => (release = r));
      rec.respond = async (_r, index) => {
        if (index === 0) await hung;
        return 200;
      };
      const ep = await c.post('/v1/webhook_endpoints', { url: rec.url, enabled_events: ['matter.created'] });
      assert.equal(ep.status, 201);
      const a = await workers.start('A');
      const before = await createMatters(20, 'Before kill');
      await rec.waitFor((all) => all.length >= 1, 15_000, 'the first (hanging) delivery');
      a.kill('SIGKILL');
      assert.equal(await exited(a), null, 'killed by a signal');
      const during = await createMatters(5, 'While no worker runs');
      release();
      const b = await workers.start('B');
      const expected = new Set([...before, ...during]);
      // The hung attempt is claimable again when its lease (15 s timeout + 5 s) expires.
      await rec.waitFor(
        (all) => [...expected].every((id) => all.some((r) => r.json?.matter_id === id)),
        60_000,
        'every event',
      );
      const delivered = new Set(rec.received.map((r) => r.json.matter_id));
      for (const id of expected) assert.ok(delivered.has(id), `event of ${id} delivered`);
      // Attempts that A sent but never recorded are sent again by B once A's lease expires
      // (at-least-once), and then every event has a succeeded attempt on record.
      const recorded = () =>
        srv.sql<{ event_id: string; ok: boolean }>(
          `SELECT event_id, bool_or(status = 'succeeded') AS ok FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY event_id`,
          [ep.body.webhook_endpoint_id],
        );
      const deadline = Date.now() + 60_000;
      let rows = await recorded();
      while (!(rows.length === expected.size && rows.every((r) => r.ok)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        rows = await recorded();
      }
      assert.equal(rows.length, expected.size);
      assert.ok(
        rows.every((r) => r.ok),
        JSON.stringify(rows.filter((r) => !r.ok)),
      );
      const ids = new Set(rec.received.map((r) => r.headers['webhook-id']));
      assert.equal(ids.size, expected.size, 'duplicates, if any, carry the same webhook-id');
      console.log(
        `# ${rec.received.length} requests for ${expected.size} events (re-sent after the kill: ${rec.received.length - expected.size})`,
      );
      const pending = await srv.sql(`SELECT id FROM events WHERE dispatched_at IS NULL`);
      assert.equal(pending.length, 0, 'the outbox is drained');
      // A worker stops cleanly on SIGTERM.
      b.kill('SIGTERM');
      assert.equal(await exited(b), 0, b.log());
      await c.del(`/v1/webhook_endpoints/${ep.body.webhook_endpoint_id}`);
    },
  );

  test('two workers deliver each event exactly once to an endpoint', { timeout: 120_000 }, async () => {
    const rec = await startReceiver();
    receivers.push(rec);
    const ep = await c.post('/v1/webhook_endpoints', { url: rec.url, enabled_events: ['matter.created'] });
    assert.equal(ep.status, 201);
    const pair = [await workers.start('W1'), await workers.start('W2')];
    const ids = await createMatters(60, 'Two workers', 6);
    await rec.waitFor((all) => new Set(all.map((r) => r.json?.matter_id)).size >= ids.length, 60_000, 'all 60 events');
    await new Promise((r) => setTimeout(r, 1_000)); // room for a duplicate to show up
    const perEvent = new Map<string, number>();
    for (const r of rec.received)
      perEvent.set(r.headers['webhook-id'] as string, (perEvent.get(r.headers['webhook-id'] as string) ?? 0) + 1);
    assert.equal(perEvent.size, 60);
    assert.deepEqual(
      [...perEvent.values()].filter((n) => n > 1),
      [],
      'no event delivered twice',
    );
    const byWorker = await srv.sql<{ locked_by: string; n: number }>(
      `SELECT locked_by, count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY locked_by`,
      [ep.body.webhook_endpoint_id],
    );
    assert.equal(
      byWorker.reduce((s, r) => s + r.n, 0),
      60,
    );
    console.log(`# deliveries per worker: ${byWorker.map((r) => `${r.locked_by}=${r.n}`).join(', ')}`);
    for (const w of pair) w.kill('SIGTERM');
    for (const w of pair) assert.equal(await exited(w), 0, w.log());
  });
});
