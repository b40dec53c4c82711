/**
 * Names in the console (issue 34): `names.lookup` gives the names of the ids a page shows, and
 * `names.people` the users a picker offers, without revealing more than the lists they label.
 * The matter filters the hub uses (packets.queue, monitoring.inbox) follow the REST rule: a
 * matter the caller may not see matches nothing. Over the console's tRPC, as the browser calls it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bcrypt from 'bcryptjs';
import { startServer, ADMIN_EMAIL, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { consoleSession, type ConsoleSession } from './helpers/console-session';

let srv: TestServer;
let c: Client;
let k: Kit;
let admin: ConsoleSession;
let restricted: ConsoleSession;
let mine: { id: string; name: string };
let other: { id: string; name: string };
let adminId: string;
let rita: string;
let bea: string;
let keyId: string;
const PASSWORD = 'a long enough password 1';

async function matter(label: string) {
  const name = k.unique(label);
  const r = await c.post('/v1/matters', { name, mode: 'enforcement' });
  expectStatus(r, 201, 'matter');
  return { id: r.body.matter_id as string, name };
}

/** A user of the root organization with a name, roles and matters; signed in when `signIn`. */
async function user(name: string, roles: string[], matterIds: string[]) {
  const email = `${k.unique('names-user').replace(/\W+/g, '-').toLowerCase()}@example.test`;
  const u = await c.post(`/v1/organizations/${k.orgId}/users`, { email, name, roles, matter_ids: matterIds });
  expectStatus(u, 201, 'user');
  await srv.sql(`UPDATE users SET status = 'active', password_hash = $1, invite_token_hash = NULL WHERE id = $2`, [
    await bcrypt.hash(PASSWORD, 4),
    u.body.user_id,
  ]);
  return { id: u.body.user_id as string, email };
}

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  mine = await matter('Visible matter');
  other = await matter('Hidden matter');
  const users = await c.get(`/v1/organizations/${k.orgId}/users?limit=100`);
  adminId = users.body.data.find((u: { email: string }) => u.email === ADMIN_EMAIL).user_id;
  const r = await user('Rita Restricted', ['operator'], [mine.id]);
  rita = r.id;
  bea = (await user('Bea Elsewhere', ['operator'], [other.id])).id;
  const key = await c.post(`/v1/organizations/${k.orgId}/api-keys`, {
    name: 'Names test key',
    scopes: ['matters:read'],
  });
  expectStatus(key, 201, 'key');
  keyId = key.body.key_id;
  admin = await consoleSession(srv.url);
  restricted = await consoleSession(srv.url, r.email, PASSWORD);
});

after(() => srv?.stop());

describe('names.lookup', () => {
  test('an unrestricted admin gets the names of every id of its organization, and none of a malformed id', async () => {
    const r = await admin.query('names.lookup', {
      matter_ids: [mine.id, other.id, 'mtr_000000000000000000000000', 'not-an-id'],
      user_ids: [adminId, rita, bea],
      key_ids: [keyId],
    });
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.data.matters, { [mine.id]: { name: mine.name }, [other.id]: { name: other.name } });
    assert.deepEqual(r.data.users[rita], { name: 'Rita Restricted' });
    assert.deepEqual(r.data.users[bea], { name: 'Bea Elsewhere' });
    assert.equal(typeof r.data.users[adminId].name, 'string');
    assert.deepEqual(r.data.keys, { [keyId]: { name: 'Names test key' } });
    assert.deepEqual(r.data.packets, {});
  });

  test('a matter-restricted user gets only its matters, and only users who share them or are unrestricted', async () => {
    const r = await restricted.query('names.lookup', {
      matter_ids: [mine.id, other.id],
      user_ids: [adminId, rita, bea],
    });
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(Object.keys(r.data.matters), [mine.id]);
    assert.deepEqual(Object.keys(r.data.users).sort(), [adminId, rita].sort());
  });

  test('a page asks for at most 200 ids of a kind', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `mtr_${String(i).padStart(24, '0')}`);
    const r = await admin.query('names.lookup', { matter_ids: ids });
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.status, 400);
  });
});

describe('names.people (the user pickers)', () => {
  test('searches by name; a restricted user is offered no one confined to another matter', async () => {
    const all = await admin.query('names.people', { q: 'Elsewhere' });
    assert.ok(all.ok, JSON.stringify(all));
    assert.deepEqual(
      all.data.map((u: { user_id: string }) => u.user_id),
      [bea],
    );
    const mineOnly = await restricted.query('names.people', { q: 'e' });
    assert.ok(mineOnly.ok, JSON.stringify(mineOnly));
    const ids = mineOnly.data.map((u: { user_id: string }) => u.user_id);
    assert.ok(ids.includes(rita));
    assert.ok(!ids.includes(bea));
    // Emails only for a caller who may list the users.
    assert.ok(mineOnly.data.every((u: { email: string | null }) => u.email === null));
  });

  test('a search text is literal (% is not a wildcard)', async () => {
    const r = await admin.query('names.people', { q: '%' });
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.data, []);
  });
});

describe('matter filters of the hub’s lists', () => {
  test('another matter’s packets and alerts are not there for a restricted user; its own are', async () => {
    for (const [path, input] of [
      ['packets.queue', {}],
      ['monitoring.inbox', {}],
    ] as const) {
      const hidden = await restricted.query(path, { ...input, matter_id: other.id });
      assert.ok(hidden.ok, JSON.stringify(hidden));
      assert.deepEqual(hidden.data.data, [], path);
      const own = await restricted.query(path, { ...input, matter_id: mine.id });
      assert.ok(own.ok, JSON.stringify(own));
    }
    const inbox = await restricted.query('monitoring.inbox', { matter_id: other.id });
    assert.ok(inbox.ok);
    assert.equal(inbox.data.new_count, 0);
  });

  test('a malformed matter id is a 400, not a 500', async () => {
    const r = await admin.query('packets.queue', { matter_id: 'nope' });
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.status, 400);
  });
});
