/**
 * The matter cache (src/server/services/matters/matter-cache.ts): `GET /v1/matters/{id}` is
 * answered from a per-process cache of the matter, its authority grants and whether a screen
 * found a match. The process that commits a change sees it on its next read; every other
 * process within 1 s (LISTEN/NOTIFY), including changes made straight in SQL. Two `next start`
 * processes on one PostgreSQL database; the single-process rules run on PGlite too.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { startPeer, type PeerServer } from './helpers/peer-server';
import { client, matterWithAuthority, SOURCE, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { LAZARUS_ETH } from './helpers/fixtures-sanctions';

const onPostgres = !!process.env.DATABASE_URL;
let srv: TestServer;
let peer: PeerServer | null = null;
let c: Client;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  if (onPostgres) peer = await startPeer(srv);
});
after(async () => {
  await peer?.stop();
  await srv?.stop();
});

const read = async (on: Client, id: string) => {
  const r = await on.get(`/v1/matters/${id}`);
  expectStatus(r, 200);
  return r.body;
};

/** Reads until `done` holds; the milliseconds it took. */
async function msUntil(on: Client, id: string, done: (m: any) => boolean, limitMs = 5000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const m = await read(on, id);
    const ms = performance.now() - t0;
    if (done(m)) return ms;
    if (ms > limitMs) assert.fail(`still ${JSON.stringify(m)} after ${limitMs} ms`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

describe('same process', () => {
  test('each change is in the very next read: rename, grant, revoke, screen, close', async () => {
    const id = await matterWithAuthority(c, 'Cache v. Debtor');
    for (let i = 0; i < 3; i++) assert.equal((await read(c, id)).authority_status, 'granted', 'warm the cache');
    for (let i = 0; i < 20; i++) {
      expectStatus(await c.patch(`/v1/matters/${id}`, { name: `Cache v. Debtor ${i}` }), 200);
      assert.equal((await read(c, id)).name, `Cache v. Debtor ${i}`);
    }
    const grants = (await c.get(`/v1/matters/${id}/authority`)).body.data;
    for (const g of grants) expectStatus(await c.post(`/v1/matters/${id}/authority/${g.authority_id}/revoke`, {}), 200);
    assert.equal((await read(c, id)).authority_status, 'revoked');
    expectStatus(
      await c.post(`/v1/matters/${id}/authority`, {
        basis: 'engagement_letter',
        granted_by: 'Jane Counsel',
        source_refs: [SOURCE],
      }),
      201,
    );
    assert.equal((await read(c, id)).authority_status, 'granted');
    expectStatus(await c.post(`/v1/matters/${id}/close`, { reason: 'paid' }), 200);
    const closed = await read(c, id);
    assert.equal(closed.status, 'closed');
    assert.equal(closed.closed_reason, 'paid');
  });

  test('another tenant and a key restricted to other matters get 404 for a cached matter', async () => {
    const id = await matterWithAuthority(c);
    await read(c, id);
    await read(c, id);
    const key = async (orgId: string, body: object) => {
      const r = await c.post(`/v1/organizations/${orgId}/api-keys`, body);
      expectStatus(r, 201, 'key');
      return c.withKey(r.body.secret_once);
    };
    const org = await c.post('/v1/organizations', { name: 'Cache other org', type: 'partner' });
    expectStatus(org, 201, 'organization');
    const other = await key(org.body.organization_id, { scopes: ['*'] });
    expectError(await other.get(`/v1/matters/${id}`), 404, 'not_found');
    const root = (await c.get('/v1/organizations')).body.data.find((o: any) => !o.parent_id).organization_id;
    const confined = await key(root, { scopes: ['matters:read'], matter_ids: [await matterWithAuthority(c)] });
    expectError(await confined.get(`/v1/matters/${id}`), 404, 'not_found');
    assert.equal((await read(c, id)).matter_id, id, 'the owner still reads it');
  });

  test('a change made straight in SQL is read within 1 s', async () => {
    const id = await matterWithAuthority(c);
    await read(c, id);
    const t0 = performance.now();
    await srv.sql(`UPDATE matters SET notes = 'set in SQL' WHERE id = $1`, [id]);
    await msUntil(c, id, (m) => m.notes === 'set in SQL');
    // On PGlite the statement restarts the server, so only PostgreSQL times the NOTIFY.
    if (onPostgres) assert.ok(performance.now() - t0 <= 1000, `read ${(performance.now() - t0).toFixed(0)} ms later`);
  });
});

describe('expired entries', () => {
  test('leave the cache within a sweep of their TTL, with no further reads (md_cache_entries)', async () => {
    // 2 s, not less: in CI on 2026-12-06 a 300 ms TTL had expired some of the five reads before
    // they were counted, on a machine loaded by Playwright and the other suites.
    const short = await startServer({ MD_MATTER_CACHE_TTL_MS: '2000' });
    try {
      const sc = client(short.url, short.adminKey);
      const entries = async () => {
        const text = await (await fetch(`${short.url}/metrics`)).text();
        return Number(/^md_cache_entries\{cache="matters"\} (\d+)$/m.exec(text)?.[1] ?? NaN);
      };
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const m = await sc.post('/v1/matters', { name: `Swept ${i}`, mode: 'enforcement' });
        expectStatus(m, 201);
        ids.push(m.body.matter_id);
      }
      // Until all five are held: the first read starts the cache's LISTEN, and nothing is
      // stored until it is up.
      const t1 = performance.now();
      for (;;) {
        for (const id of ids) await read(sc, id);
        if ((await entries()) >= 5) break;
        assert.ok(performance.now() - t1 < 10_000, 'the five reads are cached within 10 s');
      }
      // TTL 2 s, swept every TTL (every second at the least): gone within about 4 s.
      const t0 = performance.now();
      for (let n = await entries(); n > 0; n = await entries()) {
        assert.ok(performance.now() - t0 < 10_000, `still ${n} entries after 10 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await short.stop();
    }
  });
});

describe(
  'two processes on one PostgreSQL database',
  { skip: !onPostgres && 'needs PostgreSQL (PGlite is one process)' },
  () => {
    test('a rename, a revocation and a screen through one process are read by the other within 1 s', async () => {
      const id = await matterWithAuthority(c);
      const onPeer = client(peer!.url, srv.adminKey);
      for (let i = 0; i < 3; i++) await read(onPeer, id);

      let t0 = performance.now();
      expectStatus(await c.patch(`/v1/matters/${id}`, { name: 'Renamed elsewhere' }), 200);
      await msUntil(onPeer, id, (m) => m.name === 'Renamed elsewhere');
      assert.ok(performance.now() - t0 <= 1000, `rename read ${(performance.now() - t0).toFixed(0)} ms later`);

      const [g] = (await c.get(`/v1/matters/${id}/authority`)).body.data;
      t0 = performance.now();
      expectStatus(await c.post(`/v1/matters/${id}/authority/${g.authority_id}/revoke`, {}), 200);
      await msUntil(onPeer, id, (m) => m.authority_status === 'revoked');
      assert.ok(performance.now() - t0 <= 1000, `revocation read ${(performance.now() - t0).toFixed(0)} ms later`);

      assert.equal((await read(onPeer, id)).collection_paused, null);
      t0 = performance.now();
      expectStatus(await c.post('/v1/sanctions/screen', { matter_id: id, wallets: [LAZARUS_ETH] }), 200);
      await msUntil(onPeer, id, (m) => m.collection_paused !== null);
      assert.ok(performance.now() - t0 <= 1000, `sanctions pause read ${(performance.now() - t0).toFixed(0)} ms later`);
    });
  },
);
