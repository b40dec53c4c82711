/**
 * Developers → Logs and each API key's "last used" (issue 33): REST requests made with a key
 * show up in the console's request log (method, path, status, request id, the key by name,
 * latency, the audit event a write produced), filterable; another organization's requests
 * never do; a matter-restricted user may not read the log; a key's last use is listed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bcrypt from 'bcryptjs';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';
import { consoleSession, type ConsoleSession } from './helpers/console-session';
import { expectStatus } from './helpers/expect';

let srv: TestServer;
let c: Client;
let rootId: string;
let childId: string;
let child: Client;
let matterId: string;
let fresh: { key_id: string; name: string; prefix: string; secret: string };
const PASSWORD = 'a long enough password 1';
const CHILD_ADMIN = 'logs-child-admin@example.test';
const RESTRICTED = 'logs-restricted@example.test';

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  const me = await c.get('/v1/organizations');
  expectStatus(me, 200, 'organizations');
  rootId = me.body.data.find((o: any) => o.parent_id === null).organization_id;
  matterId = await matterWithAuthority(c, 'Logs v. Debtor');
  const org = await c.post('/v1/organizations', { name: 'Harbor Logs LLC', type: 'recovery_operator' });
  expectStatus(org, 201, 'child organization');
  childId = org.body.organization_id;
  const childKey = await c.post(`/v1/organizations/${childId}/api-keys`, { name: 'Harbor server', scopes: ['*'] });
  expectStatus(childKey, 201, 'child key');
  child = c.withKey(childKey.body.secret_once);
  const k = await c.post(`/v1/organizations/${rootId}/api-keys`, { name: 'Reporting job', scopes: ['matters:read'] });
  expectStatus(k, 201, 'fresh key');
  fresh = { key_id: k.body.key_id, name: 'Reporting job', prefix: k.body.prefix, secret: k.body.secret_once };
  // Two console users, activated directly (on PGlite this restarts the server, so it comes
  // before any request the tests look for).
  const a = await c.post(`/v1/organizations/${childId}/users`, { email: CHILD_ADMIN, roles: ['admin'] });
  expectStatus(a, 201, 'child admin');
  const r = await c.post(`/v1/organizations/${rootId}/users`, {
    email: RESTRICTED,
    roles: ['counsel'],
    matter_ids: [matterId],
  });
  expectStatus(r, 201, 'restricted user');
  await srv.sql(
    `UPDATE users SET status = 'active', password_hash = $1, invite_token_hash = NULL WHERE id IN ($2, $3)`,
    [await bcrypt.hash(PASSWORD, 4), a.body.user_id, r.body.user_id],
  );
});
after(async () => srv?.stop());

/** The console's log, polled until `want` request ids are all in it (it is written within ~1 s). */
async function logUntil(s: ConsoleSession, input: Record<string, unknown>, want: string[]) {
  let last: any;
  for (let i = 0; i < 60; i++) {
    const r = await s.query('logs.requests', { limit: 100, ...input });
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    last = r.data;
    const ids = new Set(last.data.map((x: any) => x.request_id));
    if (want.every((id) => ids.has(id))) return last.data as any[];
    await new Promise((res) => setTimeout(res, 250));
  }
  assert.fail(`request ids ${want.join(', ')} never reached the log: ${JSON.stringify(last)}`);
}

describe('the request log', () => {
  let read: string;
  let missing: string;
  let write: { id: string; auditRef: string };
  let childRead: string;
  let admin: ConsoleSession;

  before(async () => {
    admin = await consoleSession(srv.url);
    const r1 = await c.get(`/v1/matters/${matterId}`);
    expectStatus(r1, 200, 'read');
    read = r1.headers.get('md-request-id')!;
    const r2 = await c.get('/v1/matters/mat_000000000000000000000000');
    expectStatus(r2, 404, 'missing');
    missing = r2.headers.get('md-request-id')!;
    const r3 = await c.post(
      '/v1/audit/events',
      { matter_id: matterId, event_type: 'custom.logs_checked' },
      { 'Idempotency-Key': 'logs-write-1' },
    );
    expectStatus(r3, 201, 'write');
    write = { id: r3.headers.get('md-request-id')!, auditRef: r3.headers.get('md-audit-ref')! };
    assert.match(write.auditRef, /^eve_/);
    const r4 = await child.get(`/v1/organizations/${childId}`);
    expectStatus(r4, 200, 'child read');
    childRead = r4.headers.get('md-request-id')!;
  });

  test('each request is listed with its method, path, status, key by name, latency and audit entry', async () => {
    const rows = await logUntil(admin, {}, [read, missing, write.id]);
    const byId = new Map(rows.map((x) => [x.request_id, x]));
    const r = byId.get(read);
    assert.equal(r.method, 'GET');
    assert.equal(r.path, `/v1/matters/${matterId}`);
    assert.equal(r.status, 200);
    assert.equal(r.operation, 'getMatter');
    assert.equal(typeof r.duration_ms, 'number');
    assert.ok(r.duration_ms >= 0);
    assert.ok(r.key && r.key.prefix.startsWith('md_test_'), 'the key by prefix');
    assert.equal(r.audit, null, 'a read writes no audit event');
    assert.equal(byId.get(missing).status, 404);
    const w = byId.get(write.id);
    assert.equal(w.method, 'POST');
    assert.deepEqual(w.audit, { event_id: write.auditRef, event_type: 'custom.logs_checked', matter_id: matterId });
    // Newest first.
    const order = rows.map((x) => x.request_id);
    assert.ok(order.indexOf(write.id) < order.indexOf(read));
  });

  test('another organization’s requests never appear, and it sees only its own', async () => {
    const rows = await logUntil(admin, {}, [read]);
    assert.ok(!rows.some((x) => x.request_id === childRead));
    assert.ok(!rows.some((x) => x.key?.name === 'Harbor server'), 'no request of the other organization’s key');
    const theirs = await consoleSession(srv.url, CHILD_ADMIN, PASSWORD);
    const own = await logUntil(theirs, {}, [childRead]);
    assert.ok(own.every((x) => x.request_id !== read && x.request_id !== write.id && x.request_id !== missing));
    assert.equal(own.find((x) => x.request_id === childRead).key.name, 'Harbor server');
  });

  test('filters: status class, method, path prefix and key', async () => {
    const cases: [Record<string, unknown>, string[], string[]][] = [
      [{ status_class: '4xx' }, [missing], [read, write.id]],
      [{ status_class: '2xx' }, [read, write.id], [missing]],
      [{ method: 'POST' }, [write.id], [read, missing]],
      [{ path_prefix: '/v1/audit' }, [write.id], [read, missing]],
      [{ path_prefix: `/v1/matters/${matterId}` }, [read], [write.id, missing]],
    ];
    for (const [filter, have, lack] of cases) {
      const rows = await logUntil(admin, filter, have);
      for (const id of lack) assert.ok(!rows.some((x) => x.request_id === id), `${JSON.stringify(filter)} lists ${id}`);
    }
    const mine = await fetchUntil(fresh.secret);
    const rows = await logUntil(admin, { key_id: fresh.key_id }, [mine]);
    assert.deepEqual(
      rows.map((x) => x.key),
      rows.map(() => ({ key_id: fresh.key_id, name: fresh.name, prefix: fresh.prefix })),
    );
  });

  test('bad filters get the API’s error format, naming the field', async () => {
    for (const [input, param] of [
      [{ path_prefix: 'matters' }, 'path_prefix'],
      [{ status_class: '6xx' }, 'status_class'],
      [{ method: 'TRACE' }, 'method'],
      [{ limit: 0 }, 'limit'],
    ] as const) {
      const r = await admin.query('logs.requests', input);
      assert.equal(r.ok, false, JSON.stringify(input));
      if (r.ok) continue;
      assert.equal(r.status, 400);
      assert.equal(r.error.data?.api?.code ?? r.error.data?.code, 'parameter_invalid', JSON.stringify(r.error));
      assert.equal(r.error.data?.api?.param ?? r.error.data?.param, param);
    }
  });

  test('a matter-restricted user may not read the organization’s log', async () => {
    const s = await consoleSession(srv.url, RESTRICTED, PASSWORD);
    const r = await s.query('logs.requests', { limit: 10 });
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.status, 403);
  });
});

/** One request with `secret`; answers its request id. */
async function fetchUntil(secret: string) {
  const r = await c.withKey(secret).get(`/v1/matters/${matterId}`);
  expectStatus(r, 200, 'fresh key read');
  return r.headers.get('md-request-id')!;
}

describe('last used', () => {
  test('a key never used says so; once used, the REST list and the console list say when', async () => {
    const k = await c.post(`/v1/organizations/${rootId}/api-keys`, { name: 'Unused', scopes: ['matters:read'] });
    expectStatus(k, 201);
    assert.equal(k.body.last_used_at, null);
    const listed = async () => {
      const r = await c.get(`/v1/organizations/${rootId}/api-keys?limit=100`);
      expectStatus(r, 200);
      return r.body.data.find((x: any) => x.key_id === k.body.key_id);
    };
    assert.equal((await listed()).last_used_at, null);
    const before = Date.now();
    await c.withKey(k.body.secret_once).get(`/v1/matters/${matterId}`);
    const used = (await listed()).last_used_at;
    assert.ok(used, 'last_used_at is set');
    assert.ok(Date.parse(used) >= before - 1000 && Date.parse(used) <= Date.now() + 1000, used);
    const admin = await consoleSession(srv.url);
    const r = await admin.query('organization.keys', { organization_id: rootId, limit: 100 });
    assert.ok(r.ok);
    if (r.ok) assert.equal(r.data.data.find((x: any) => x.key_id === k.body.key_id).last_used_at, used);
  });

  test('it survives a restart (written to the database, not only kept in memory)', async () => {
    const r1 = await c.get(`/v1/organizations/${rootId}/api-keys?limit=100`);
    const mine = r1.body.data.find((x: any) => x.key_id === fresh.key_id);
    assert.ok(mine.last_used_at, 'the fresh key was used above');
    await srv.restart();
    const r2 = await c.get(`/v1/organizations/${rootId}/api-keys?limit=100`);
    assert.equal(r2.body.data.find((x: any) => x.key_id === fresh.key_id).last_used_at, mine.last_used_at);
  });
});
