/**
 * The API key cache (src/server/auth/key-cache.ts): keys are authenticated from a per-process
 * cache, and a revocation, roll or user change reaches every process within 1 s through
 * LISTEN/NOTIFY. Two `next start` processes on one PostgreSQL database; the single-process
 * rules (revocation refused at once) run on PGlite too.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { startPeer, type PeerServer } from './helpers/peer-server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';

const onPostgres = !!process.env.DATABASE_URL;
let srv: TestServer;
let peer: PeerServer | null = null;
let admin: Client;
let root: string;

before(async () => {
  srv = await startServer();
  admin = client(srv.url, srv.adminKey);
  root = (await admin.get('/v1/organizations')).body.data.find((o: any) => !o.parent_id).organization_id;
  if (onPostgres) peer = await startPeer(srv);
});
after(async () => {
  await peer?.stop();
  await srv?.stop();
});

async function issue(scopes = ['matters:read']) {
  const r = await admin.post(`/v1/organizations/${root}/api-keys`, { name: 'cache test', scopes });
  expectStatus(r, 201);
  return { id: r.body.key_id as string, secret: r.body.secret_once as string };
}

/** Polls until the request gets `status`; returns the milliseconds it took. */
async function msUntil(c: Client, status: number, limitMs = 5000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const r = await c.get('/v1/matters');
    const ms = performance.now() - t0;
    if (r.status === status) return ms;
    if (ms > limitMs) assert.fail(`still ${r.status} after ${limitMs} ms`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

describe('same process', () => {
  test('a cached key is refused at once after its revocation', async () => {
    const k = await issue();
    const c = admin.withKey(k.secret);
    for (let i = 0; i < 3; i++) expectStatus(await c.get('/v1/matters'), 200, 'warm the cache');
    expectStatus(await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/revoke`, {}), 200);
    expectError(await c.get('/v1/matters'), 401, 'api_key_revoked');
  });
});

describe(
  'two processes on one PostgreSQL database',
  { skip: !onPostgres && 'needs PostgreSQL (PGlite is one process)' },
  () => {
    test('a key revoked through one process is refused by the other within 1 s', async () => {
      const k = await issue();
      const onPeer = client(peer!.url, k.secret);
      for (let i = 0; i < 3; i++) expectStatus(await onPeer.get('/v1/matters'), 200, 'warm the peer cache');
      const t0 = performance.now();
      expectStatus(await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/revoke`, {}), 200);
      await msUntil(onPeer, 401);
      const total = performance.now() - t0;
      assert.ok(total <= 1000, `refused ${total.toFixed(0)} ms after the revocation was sent`);
      expectError(await onPeer.get('/v1/matters'), 401, 'api_key_revoked');
    });

    test('a key rolled without a grace period is refused by the other process within 1 s', async () => {
      const k = await issue();
      const onPeer = client(peer!.url, k.secret);
      expectStatus(await onPeer.get('/v1/matters'), 200);
      expectStatus(await onPeer.get('/v1/matters'), 200);
      const t0 = performance.now();
      const r = await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/roll`, {});
      expectStatus(r, 201);
      await msUntil(onPeer, 401);
      assert.ok(performance.now() - t0 <= 1000, `refused after ${(performance.now() - t0).toFixed(0)} ms`);
      expectStatus(
        await client(peer!.url, r.body.secret_once).get('/v1/matters'),
        200,
        'the new secret works on the peer',
      );
    });

    test('a change made straight in the database (no API call) also reaches the cache within 1 s', async () => {
      const k = await issue();
      const onPeer = client(peer!.url, k.secret);
      expectStatus(await onPeer.get('/v1/matters'), 200);
      expectStatus(await onPeer.get('/v1/matters'), 200);
      const t0 = performance.now();
      await srv.sql(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [k.id]);
      await msUntil(onPeer, 401);
      assert.ok(performance.now() - t0 <= 1000, `refused after ${(performance.now() - t0).toFixed(0)} ms`);
      expectError(await onPeer.get('/v1/matters'), 401, 'api_key_expired');
    });
  },
);
