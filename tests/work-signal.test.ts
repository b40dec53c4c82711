/**
 * Which background work a request's commit wakes, across processes (PostgreSQL). A server
 * whose runners are off (MD_WEBHOOK_DISPATCHER, MD_EXPORT_WORKER, MD_MONITOR_WORKER) tells the
 * `npm run worker` processes through `NOTIFY md_work`, naming only the kinds of work its commit
 * gave them: an ordinary write wakes the dispatcher, an export the export runner, a sandbox
 * transfer or a new watchlist the monitoring scanner. A server that runs every runner itself
 * sends no NOTIFY at all. Listened to here on each server's database, as a worker would.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startServer, type TestServer } from './helpers/server';
import { client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { evmAddress } from './helpers/fixtures-chain';
import { watchlistBody } from './helpers/fixtures-monitoring';
import { packetBody, packetSetup } from './helpers/fixtures-packets';
import { POSTGRES_ONLY } from './helpers/workers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A LISTEN on md_work in `srv`'s database: the payloads heard since the last `take()`. */
async function listen(srv: TestServer) {
  const conn = new pg.Client({ connectionString: srv.env.DATABASE_URL });
  await conn.connect();
  const heard: string[] = [];
  conn.on('notification', (n) => n.channel === 'md_work' && heard.push(n.payload ?? ''));
  await conn.query('LISTEN md_work');
  return {
    /** Waits `ms` (NOTIFY arrives within milliseconds of the commit), then gives what was heard. */
    async take(ms = 500) {
      await sleep(ms);
      return heard.splice(0).flatMap((p) => p.split(','));
    },
    end: () => conn.end(),
  };
}

describe('the work a commit wakes, across processes on PostgreSQL', { skip: POSTGRES_ONLY }, () => {
  let off: TestServer;
  let on: TestServer;
  let kit: Kit;
  let heard: Awaited<ReturnType<typeof listen>>;

  before(async () => {
    [off, on] = await Promise.all([
      startServer({ MD_WEBHOOK_DISPATCHER: 'off', MD_EXPORT_WORKER: 'off', MD_MONITOR_WORKER: 'off' }),
      startServer(),
    ]);
    kit = await makeKit(client(off.url, off.adminKey));
    heard = await listen(off);
  });
  after(async () => {
    await heard?.end();
    await Promise.all([off?.stop(), on?.stop()]);
  });

  test('an ordinary write wakes the webhook dispatcher only; a read wakes nothing', async () => {
    await heard.take(200);
    expectStatus(await kit.c.post('/v1/matters', { name: 'Signal v. Noise', mode: 'enforcement' }), 201);
    assert.deepEqual(new Set(await heard.take()), new Set(['webhooks']));
    expectStatus(await kit.c.get('/v1/matters?limit=1'), 200);
    assert.deepEqual(await heard.take(), []);
  });

  test('a sandbox transfer and a new watchlist wake the monitoring scanner', async () => {
    const matterId = await kit.matter();
    await heard.take(200);
    const address = evmAddress();
    expectStatus(await kit.c.post('/v1/watchlists', watchlistBody(matterId, [address])), 201);
    assert.ok((await heard.take()).includes('monitor'), 'watchlist');
    expectStatus(
      await kit.c.post('/v1/sandbox/chain/transfers', {
        network: 'ethereum',
        from_address: address,
        to_address: evmAddress(),
        asset: 'USDC',
        amount: '2500',
      }),
      201,
    );
    assert.ok((await heard.take()).includes('monitor'), 'transfer');
  });

  test('an export wakes the export runner; a write that fails wakes nothing', async () => {
    const s = await packetSetup(kit);
    const p = await kit.c.post('/v1/packets/exchange-intercept', packetBody(s));
    expectStatus(p, 200);
    await heard.take(200);
    expectStatus(await kit.c.post(`/v1/packets/${p.body.packet_id}/export`, { format: 'json' }), 200);
    assert.ok((await heard.take()).includes('exports'));
    const bad = await kit.c.post(`/v1/packets/${p.body.packet_id}/export`, { format: 'docx' });
    assert.equal(bad.status, 400);
    assert.deepEqual(await heard.take(), [], 'rolled back: nothing to do');
  });

  test('a server that runs every runner itself sends no NOTIFY for its writes', async () => {
    const mine = await listen(on);
    try {
      const c = client(on.url, on.adminKey);
      for (let i = 0; i < 5; i++)
        expectStatus(await c.post('/v1/matters', { name: `Quiet ${i}`, mode: 'enforcement' }), 201);
      assert.deepEqual(await mine.take(), []);
    } finally {
      await mine.end();
    }
  });
});
