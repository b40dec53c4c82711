/**
 * Rate limiting per key (API-CONTRACT §11) with MD_RATE_LIMIT_PER_MIN=5: the 6th request in a
 * window is 429 rate_limited with Retry-After and the RateLimit-* headers, other keys are
 * unaffected, and a 429 on an idempotent POST is not stored — a later retry with the same
 * Idempotency-Key executes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';

let srv: TestServer;
let admin: Client;
const keys: Client[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The limit counts per fixed minute: start a burst with enough of the window left to finish it. */
async function freshWindowRoom(ms = 20_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await sleep(left + 100);
}

before(async () => {
  // The admin key spends 4 of its 5: the start-up health check, one list and two key issues.
  srv = await startServer({ MD_RATE_LIMIT_PER_MIN: '5' });
  admin = client(srv.url, srv.adminKey);
  const root = (await admin.get('/v1/organizations')).body.data.find((o: any) => !o.parent_id).organization_id;
  for (let i = 0; i < 2; i++) {
    const r = await admin.post(`/v1/organizations/${root}/api-keys`, { name: `rate ${i}`, scopes: ['*'] });
    expectStatus(r, 201);
    keys.push(admin.withKey(r.body.secret_once));
  }
});
after(async () => srv?.stop());

test('the 6th request in a minute is 429 rate_limited with Retry-After and RateLimit headers', async () => {
  await freshWindowRoom();
  const [a] = keys;
  for (let i = 1; i <= 5; i++) {
    const r = await a.get('/v1/health');
    expectStatus(r, 200, `request ${i}`);
    assert.equal(r.headers.get('ratelimit-limit'), '5');
    assert.equal(r.headers.get('ratelimit-remaining'), String(5 - i));
    assert.ok(Number(r.headers.get('ratelimit-reset')) >= 1);
  }
  for (const path of ['/v1/health', '/v1/matters']) {
    const r = await a.get(path);
    expectError(r, 429, 'rate_limited', { label: path });
    const retryAfter = Number(r.headers.get('retry-after'));
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
      `Retry-After ${r.headers.get('retry-after')}`,
    );
    assert.equal(r.headers.get('ratelimit-limit'), '5');
    assert.equal(r.headers.get('ratelimit-remaining'), '0');
    assert.equal(r.headers.get('ratelimit-reset'), String(retryAfter));
  }
});

test('other keys are unaffected', async () => {
  const r = await admin.get('/v1/matters');
  expectStatus(r, 200, 'the admin key has its own budget');
  assert.ok(Number(r.headers.get('ratelimit-remaining')) >= 0);
  const c = await keys[1].get('/v1/health');
  expectStatus(c, 200);
  assert.equal(c.headers.get('ratelimit-remaining'), '4');
});

test('a 429 on an idempotent POST is not stored: a later retry with the same key executes', async () => {
  await freshWindowRoom(5000);
  const c = keys[1];
  // Spend what is left of this key's window (test 2 may or may not have used it).
  for (let i = 0; i < 6 && (await c.get('/v1/health')).status !== 429; i++);
  const h = { 'Idempotency-Key': 'rate-limited-create' };
  const body = { name: 'Created after the limit', mode: 'enforcement' };
  expectError(await c.post('/v1/matters', body, h), 429, 'rate_limited');

  await srv.restart({ MD_RATE_LIMIT_PER_MIN: '1000' });
  const retry = await c.post('/v1/matters', body, h);
  expectStatus(retry, 201, 'the retry executes');
  assert.equal(retry.headers.get('idempotent-replayed'), null);
  assert.match(retry.body.audit_ref, /^eve_/);
  const again = await c.post('/v1/matters', body, h);
  expectStatus(again, 201);
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
  assert.deepEqual(again.body, retry.body);
  const list = await c.get(`/v1/matters?name=${encodeURIComponent(body.name)}`);
  assert.equal(list.body.data.length, 1);
});
