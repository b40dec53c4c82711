/**
 * Conventions integrators expect from a Stripe-like API, each of which once surprised one here:
 * an unknown cursor was an empty page, PATCH and DELETE ignored `Idempotency-Key`, the document,
 * OPTIONS answers and trailing-slash redirects carried no request id, OPTIONS' `Allow` named
 * methods that answer 404, capabilities left modules out, and `doc_url` was relative.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import catalog from '../src/server/operations/catalog.json' with { type: 'json' };

let srv: TestServer;
let c: Client;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
});
after(async () => srv?.stop());

const REQUEST_ID = /^req_[0-9A-Za-z]{24}$/;

test('a cursor that is not in the list is 400 naming it; a malformed one too', async () => {
  const first = await matterWithAuthority(c, 'Cursor one');
  await matterWithAuthority(c, 'Cursor two');
  const page = await c.get(`/v1/matters?limit=1&starting_after=${first}`);
  expectStatus(page, 200);
  // Ids that sort before and after every matter: the page beyond them is empty, and they are not
  // in the list. (A cursor is a position: an unknown id inside the list's range still pages.)
  const unknown = { starting_after: 'mtr_000000000000000000000000', ending_before: 'mtr_zzzzzzzzzzzzzzzzzzzzzzzz' };
  for (const [param, id] of Object.entries(unknown)) {
    expectError(await c.get(`/v1/matters?${param}=${id}`), 400, 'parameter_invalid', { param });
    expectError(await c.get(`/v1/matters?${param}=not-an-id`), 400, 'parameter_invalid', { param });
  }
  // The id of the list's last object is a real cursor: an empty last page, not an error.
  const all = await c.get('/v1/matters?limit=100');
  const oldest = all.body.data.at(-1).matter_id;
  const end = await c.get(`/v1/matters?starting_after=${oldest}`);
  expectStatus(end, 200);
  assert.deepEqual([end.body.data, end.body.has_more], [[], false]);
});

test('PATCH and DELETE on a webhook endpoint honour Idempotency-Key', async () => {
  const made = await c.post('/v1/webhook_endpoints', { url: 'https://hooks.example.test/md' });
  expectStatus(made, 201);
  const path = `/v1/webhook_endpoints/${made.body.webhook_endpoint_id}`;
  const key = { 'Idempotency-Key': `patch-${Date.now()}` };
  const a = await c.patch(path, { url: 'https://hooks.example.test/a' }, key);
  expectStatus(a, 200);
  const replay = await c.patch(path, { url: 'https://hooks.example.test/a' }, key);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.audit_ref, a.body.audit_ref);
  // The same key with another body is refused and not applied.
  expectError(await c.patch(path, { url: 'https://hooks.example.test/b' }, key), 422, 'idempotency_key_reused');
  assert.equal((await c.get(path)).body.url, 'https://hooks.example.test/a');
  const delKey = { 'Idempotency-Key': `delete-${Date.now()}` };
  const d = await c.del(path, delKey);
  expectStatus(d, 200);
  const again = await c.del(path, delKey);
  assert.equal(again.status, 200, 'a retried DELETE replays its first answer instead of a 404');
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
});

test('the document, OPTIONS and trailing-slash redirects carry MD-Request-Id', async () => {
  const doc = await fetch(`${srv.url}/v1/openapi.json`);
  assert.equal(doc.status, 200);
  assert.match(doc.headers.get('md-request-id') ?? '', REQUEST_ID);
  const opts = await fetch(`${srv.url}/v1/matters`, { method: 'OPTIONS' });
  assert.equal(opts.status, 204);
  assert.match(opts.headers.get('md-request-id') ?? '', REQUEST_ID);
  const slash = await fetch(`${srv.url}/v1/matters/?limit=2`, { redirect: 'manual' });
  assert.equal(slash.status, 308);
  // Next.js may pass the proxy's absolute Location on as a same-origin relative one.
  assert.equal(new URL(slash.headers.get('location') ?? '', srv.url).toString(), `${srv.url}/v1/matters?limit=2`);
  assert.match(slash.headers.get('md-request-id') ?? '', REQUEST_ID);
});

test("OPTIONS' Allow names exactly the methods each documented path serves", async () => {
  const doc = (await c.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const ids: Record<string, string> = {};
  const concrete = (p: string) => p.replace(/\{(\w+)\}/g, (_, n: string) => (ids[n] ??= `x_${'0'.repeat(24)}`));
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = Object.keys(item).map((m) => m.toUpperCase());
    const expected = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
    const r = await fetch(srv.url + concrete(path), { method: 'OPTIONS' });
    assert.equal(r.status, 204, path);
    const allow = (r.headers.get('allow') ?? '').split(/,\s*/).sort();
    assert.deepEqual(allow, expected, path);
  }
  expectError(await c.call('OPTIONS', '/v1/no-such-thing'), 404, 'route_not_found');
});

test('capabilities list a module for every folder of operations', async () => {
  const r = await c.get('/v1/capabilities');
  expectStatus(r, 200);
  const modules = new Set<string>(r.body.modules);
  const folders = [...new Set(catalog.map((o) => o.folder))].filter((f) => f !== 'Health');
  const missing = folders.map((f) => f.toLowerCase().replace(/ /g, '_')).filter((m) => !modules.has(m));
  assert.deepEqual(missing, []);
});

test('doc_url is absolute and lands on the code', async () => {
  const r = await c.get('/v1/matters/mtr_0000000000000000000000zz');
  expectError(r, 404, 'not_found');
  assert.equal(r.body.error.doc_url, `${srv.url}/docs#errors-not_found`);
  const unknown = await c.get('/v1/no-such-thing');
  assert.equal(unknown.body.error.doc_url, `${srv.url}/docs#errors-route_not_found`);
});
