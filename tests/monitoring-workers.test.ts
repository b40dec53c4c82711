/**
 * The monitoring scanner in separate `npm run worker` processes on PostgreSQL (the server scans
 * nothing itself: MD_MONITOR_WORKER=off): two workers share the cursors with SKIP LOCKED and
 * every alert is raised exactly once; a worker killed with kill -9 in the middle of a burst of
 * transfers and replaced loses no alert and duplicates none (the cursor and the alerts commit
 * together; the unique index refuses a second alert for a rule and subject).
 *
 * PGlite: skipped, because a PGlite folder can only be opened by one process (the server).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { BINANCE_9, evmAddress, transfer } from './helpers/fixtures-chain';
import { allAlerts, assertOncePerTransfer, waitForAlertCount, watchlistBody } from './helpers/fixtures-monitoring';
import { exited, POSTGRES_ONLY, workerPool, type WorkerPool } from './helpers/workers';

let srv: TestServer;
let c: Client;
let k: Kit;
let workers: WorkerPool;

describe('monitoring workers on PostgreSQL', { skip: POSTGRES_ONLY }, () => {
  before(async () => {
    srv = await startServer({ MD_MONITOR_WORKER: 'off', MD_WEBHOOK_DISPATCHER: 'off', MD_EXPORT_WORKER: 'off' });
    c = client(srv.url, srv.adminKey);
    k = await makeKit(c);
    workers = workerPool(srv, { MD_MONITOR_POLL_MS: '200', MD_LOG_LEVEL: 'warn', MD_WEBHOOK_DISPATCHER: 'off' });
  });
  after(async () => {
    await workers?.killAll();
    await srv?.stop();
  });

  test('two workers: every alert raised once, from the chain and from the clock', { timeout: 180_000 }, async () => {
    const m = await k.matter();
    const due = await c.post('/v1/actions', {
      matter_id: m,
      type: 'custom',
      title: 'Due soon',
      due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expectStatus(due, 200, 'action');
    const wallets = Array.from({ length: 6 }, () => evmAddress());
    for (const w of wallets) expectStatus(await c.post('/v1/watchlists', watchlistBody(m, [w])), 201, 'watchlist');
    const a = await workers.start('a');
    const b = await workers.start('b');
    const hashes: string[] = [];
    for (let i = 0; i < 30; i++)
      hashes.push((await transfer(k, wallets[i % wallets.length], BINANCE_9, 'USDT', `${1500 + i}`)).transaction_hash);
    const alerts = await waitForAlertCount(c, m, 61);
    assertOncePerTransfer(alerts, hashes);
    assert.equal(
      alerts.filter((x) => x.type === 'deadline' && x.target === due.body.action_id).length,
      1,
      'the clock alert once, with six watchlists and two workers',
    );
    assert.equal(alerts.length, 61);
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    await Promise.all([exited(a), exited(b)]);
  });

  test(
    'a worker killed with kill -9 mid-burst and replaced: no lost and no duplicate alert',
    { timeout: 180_000 },
    async () => {
      const m = await k.matter();
      const wallets = Array.from({ length: 4 }, () => evmAddress());
      for (const w of wallets) expectStatus(await c.post('/v1/watchlists', watchlistBody(m, [w])), 201, 'watchlist');
      const a = await workers.start('victim');
      const hashes: string[] = [];
      const burst = (async () => {
        for (let i = 0; i < 40; i++)
          hashes.push(
            (await transfer(k, wallets[i % wallets.length], BINANCE_9, 'USDT', `${2000 + i}`)).transaction_hash,
          );
      })();
      // Kill it once it has raised some alerts, while transfers keep coming.
      const until = Date.now() + 30_000;
      while ((await allAlerts(c, m)).length < 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      a.kill('SIGKILL');
      await exited(a);
      await burst;
      const raisedByVictim = (await allAlerts(c, m)).length;
      assert.ok(raisedByVictim < 80, `the victim had not finished (${raisedByVictim} of 80)`);
      await workers.start('replacement');
      const alerts = await waitForAlertCount(c, m, 80);
      assertOncePerTransfer(alerts, hashes);
      assert.equal(alerts.length, 80);
      const ev = await c.get(`/v1/events?matter_id=${m}&type=alert.created&limit=100`);
      assert.equal(ev.body.data.length, 80, 'one alert.created per alert');
    },
  );
});
