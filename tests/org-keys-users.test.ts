/**
 * Organizations, API keys and users: the organization tree and who sees what in it, production
 * access, key issuing rules (never stronger than the issuer), secrets shown once and stored
 * hashed, revoke and roll (with and without a grace period), invites and user permissions.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { scopesOfRole } from '../src/server/auth/grant-rules';

let srv: TestServer;
let admin: Client;
let kit: Kit;
let root: string;
const secretsSeen: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function newOrg(c: Client, name: string) {
  const r = await c.post('/v1/organizations', { name, type: 'partner' });
  expectStatus(r, 201, `create ${name}`);
  return r.body.organization_id as string;
}
async function issue(c: Client, orgId: string, body: Record<string, unknown>) {
  const r = await c.post(`/v1/organizations/${orgId}/api-keys`, body);
  expectStatus(r, 201, `issue ${JSON.stringify(body)}`);
  secretsSeen.push(r.body.secret_once);
  return {
    id: r.body.key_id as string,
    secret: r.body.secret_once as string,
    client: admin.withKey(r.body.secret_once),
    body: r.body,
  };
}
async function invite(c: Client, orgId: string, body: Record<string, unknown>) {
  const r = await c.post(`/v1/organizations/${orgId}/users`, body);
  expectStatus(r, 201, `invite ${JSON.stringify(body)}`);
  return r.body;
}
const email = (label: string) => `${kit.unique(label)}@example.test`;

before(async () => {
  srv = await startServer();
  admin = client(srv.url, srv.adminKey);
  kit = await makeKit(admin);
  root = kit.orgId;
});
after(async () => srv?.stop());

describe('the organization tree', () => {
  let child: string;
  let sibling: string;
  let grandchild: string;
  let childAdmin: Client;

  before(async () => {
    child = await newOrg(admin, 'Child A');
    sibling = await newOrg(admin, 'Child B');
    childAdmin = (await issue(admin, child, { scopes: ['*'] })).client;
    grandchild = await newOrg(childAdmin, 'Grandchild A1');
  });

  test('an organization created with a key is a child of that key’s organization', async () => {
    const c = await admin.get(`/v1/organizations/${child}`);
    expectStatus(c, 200);
    assert.equal(c.body.parent_id, root);
    assert.equal((await admin.get(`/v1/organizations/${grandchild}`)).body.parent_id, child);
  });

  test('the root admin reads every descendant and administers their keys and users', async () => {
    for (const id of [child, sibling, grandchild]) expectStatus(await admin.get(`/v1/organizations/${id}`), 200, id);
    const list = await admin.get('/v1/organizations?limit=100');
    for (const id of [root, child, sibling, grandchild])
      assert.ok(
        list.body.data.some((o: any) => o.organization_id === id),
        id,
      );
    expectStatus(await admin.get(`/v1/organizations/${grandchild}/api-keys`), 200);
    const u = await invite(admin, grandchild, { email: email('gc-user'), roles: ['operator'] });
    assert.equal(u.organization_id, grandchild);
  });

  test('a child never sees its parent or its siblings (404), only itself and its own children', async () => {
    for (const id of [root, sibling]) {
      expectError(await childAdmin.get(`/v1/organizations/${id}`), 404, 'not_found', { label: `get ${id}` });
      expectError(await childAdmin.patch(`/v1/organizations/${id}`, { name: 'Taken over' }), 404, 'not_found');
      expectError(await childAdmin.get(`/v1/organizations/${id}/api-keys`), 404, 'not_found');
      expectError(await childAdmin.post(`/v1/organizations/${id}/api-keys`, { scopes: ['*'] }), 404, 'not_found');
      expectError(await childAdmin.get(`/v1/organizations/${id}/users`), 404, 'not_found');
      expectError(
        await childAdmin.post(`/v1/organizations/${id}/users`, { email: email('x'), roles: ['admin'] }),
        404,
        'not_found',
      );
    }
    const list = await childAdmin.get('/v1/organizations');
    assert.deepEqual(list.body.data.map((o: any) => o.organization_id).sort(), [child, grandchild].sort());
    const gcAdmin = (await issue(childAdmin, grandchild, { scopes: ['*'] })).client;
    expectError(await gcAdmin.get(`/v1/organizations/${child}`), 404, 'not_found');
  });

  test('a key that is not an admin key sees only its own organization', async () => {
    const reader = (await issue(admin, root, { scopes: ['org:read'] })).client;
    assert.deepEqual(
      (await reader.get('/v1/organizations')).body.data.map((o: any) => o.organization_id),
      [root],
    );
    expectError(await reader.get(`/v1/organizations/${child}`), 404, 'not_found');
    const writer = (await issue(admin, root, { scopes: ['org:write'] })).client;
    const made = await writer.post('/v1/organizations', { name: 'Made by org:write', type: 'counsel' });
    expectStatus(made, 201, 'org:write is the scope createOrganization declares');
    assert.equal(made.body.parent_id, root);
  });

  test('a parent’s admin never sees its children’s matters (tenancy is per organization)', async () => {
    const m = await childAdmin.post('/v1/matters', { name: 'Child matter', mode: 'enforcement' });
    expectStatus(m, 201);
    expectError(await admin.get(`/v1/matters/${m.body.matter_id}`), 404, 'not_found');
    expectError(await childAdmin.get(`/v1/matters/${await kit.matter()}`), 404, 'not_found');
  });
});

describe('production access', () => {
  test('production keys are refused until production_access; only a parent (or the root for itself) flips it', async () => {
    const child = await newOrg(admin, 'Prospect');
    const childAdmin = (await issue(admin, child, { scopes: ['*'] })).client;
    expectError(
      await admin.post(`/v1/organizations/${child}/api-keys`, { environment: 'production', scopes: ['*'] }),
      403,
      'production_access_not_enabled',
    );
    expectError(
      await childAdmin.post(`/v1/organizations/${child}/api-keys`, { environment: 'production', scopes: ['*'] }),
      403,
      'production_access_not_enabled',
    );
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys`, { environment: 'production', scopes: ['*'] }),
      403,
      'production_access_not_enabled',
    );

    // The child cannot approve itself, and a non-admin key of the root cannot approve anyone.
    expectError(
      await childAdmin.patch(`/v1/organizations/${child}`, { features: ['production_access'] }),
      403,
      'insufficient_scope',
      { param: 'features' },
    );
    const orgWriter = (await issue(admin, root, { scopes: ['org:write'] })).client;
    expectError(
      await orgWriter.patch(`/v1/organizations/${root}`, { features: ['production_access'] }),
      403,
      'insufficient_scope',
    );
    // Other features are the organization's own business.
    const own = await childAdmin.patch(`/v1/organizations/${child}`, { features: ['console'] });
    expectStatus(own, 200);
    assert.deepEqual(own.body.features, ['console']);

    const approved = await admin.patch(`/v1/organizations/${child}`, { features: ['console', 'production_access'] });
    expectStatus(approved, 200);
    assert.ok(approved.body.features.includes('production_access'));
    // Approved, but a sandbox key still acts only in the sandbox (issue 8): production keys come
    // from production keys or a console admin (tests/security-hardening.test.ts issues one so).
    expectError(
      await childAdmin.post(`/v1/organizations/${child}/api-keys`, {
        environment: 'production',
        scopes: ['matters:read'],
      }),
      403,
      'insufficient_scope',
      { param: 'environment' },
    );
    // Nor can the child take it away from itself.
    expectError(await childAdmin.patch(`/v1/organizations/${child}`, { features: [] }), 403, 'insufficient_scope');

    expectStatus(
      await admin.patch(`/v1/organizations/${root}`, { features: ['production_access'] }),
      200,
      'the root reviews itself',
    );
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys`, { environment: 'production', scopes: ['*'] }),
      403,
      'insufficient_scope',
    );
  });
});

describe('API keys', () => {
  test('a key cannot issue a key stronger than itself (403 insufficient_scope)', async () => {
    const issuer = (await issue(admin, root, { scopes: ['keys:write', 'matters:read'] })).client;
    for (const scopes of [['*'], ['matters:write'], ['matters:*'], ['keys:write', 'claimants:read']]) {
      const r = await issuer.post(`/v1/organizations/${root}/api-keys`, { scopes });
      expectError(r, 403, 'insufficient_scope', { label: scopes.join(',') });
    }
    expectStatus(await issuer.post(`/v1/organizations/${root}/api-keys`, { scopes: ['matters:read'] }), 201);
    expectError(
      await issuer.post(`/v1/organizations/${root}/api-keys`, { scopes: ['matters:fly'] }),
      400,
      'parameter_invalid',
      // The scope set is closed in the document too (an enum): the error names the item.
      { param: 'scopes[0]' },
    );
    expectError(await issuer.post(`/v1/organizations/${root}/api-keys`, { scopes: [] }), 400, 'parameter_invalid', {
      param: 'scopes',
    });
    // A matter-restricted key issues only keys restricted to its matters.
    const a = await kit.matter();
    const b = await kit.matter();
    const restricted = (await issue(admin, root, { scopes: ['*'], matter_ids: [a] })).client;
    const inherited = await restricted.post(`/v1/organizations/${root}/api-keys`, { scopes: ['matters:read'] });
    expectStatus(inherited, 201);
    assert.deepEqual(inherited.body.matter_ids, [a]);
    expectError(
      await restricted.post(`/v1/organizations/${root}/api-keys`, { scopes: ['matters:read'], matter_ids: [b] }),
      403,
      'matter_restricted_key',
    );
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys`, {
        scopes: ['*'],
        matter_ids: ['mtr_000000000000000000000000'],
      }),
      404,
      'not_found',
      { param: 'matter_ids' },
    );
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys`, { scopes: ['*'], expires_at: inSeconds(-60) }),
      400,
      'parameter_invalid',
      { param: 'expires_at' },
    );
  });

  test('secret_once appears in the issue response only, never in lists', async () => {
    const k = await issue(admin, root, { name: 'Shown once', scopes: ['matters:read'] });
    assert.match(k.secret, /^md_test_[0-9A-Za-z]{40}$/);
    assert.equal(k.body.prefix, k.secret.slice(0, 12));
    assert.equal(k.body.status, 'active');
    const list = await admin.get(`/v1/organizations/${root}/api-keys?limit=100`);
    expectStatus(list, 200);
    const item = list.body.data.find((x: any) => x.key_id === k.id);
    assert.ok(item);
    assert.equal('secret_once' in item, false);
    for (const x of list.body.data) assert.equal('secret_once' in x, false);
    const text = JSON.stringify(list.body);
    for (const s of secretsSeen) assert.ok(!text.includes(s), 'a secret leaked into the key list');
    assert.ok(!text.includes(srv.adminKey));
  });

  test('revoke: the key answers 401 api_key_revoked at once; revoking again is an invalid transition', async () => {
    const k = await issue(admin, root, { scopes: ['matters:read'] });
    expectStatus(await k.client.get('/v1/matters'), 200);
    const r = await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/revoke`, {});
    expectStatus(r, 200);
    assert.equal(r.body.status, 'revoked');
    assert.ok(r.body.revoked_at);
    assert.equal('secret_once' in r.body, false);
    expectError(await k.client.get('/v1/matters'), 401, 'api_key_revoked');
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/revoke`, {}),
      409,
      'invalid_state_transition',
    );
    const revoked = await admin.get(`/v1/organizations/${root}/api-keys?status=revoked&limit=100`);
    assert.ok(revoked.body.data.some((x: any) => x.key_id === k.id));
    assert.ok(revoked.body.data.every((x: any) => x.status === 'revoked'));
  });

  test('roll without a grace period: a new secret, the old key revoked at once', async () => {
    const k = await issue(admin, root, { name: 'To roll', scopes: ['matters:read', 'claimants:read'] });
    const r = await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/roll`, {});
    expectStatus(r, 201);
    secretsSeen.push(r.body.secret_once);
    assert.equal(r.body.rolled_from, k.id);
    assert.notEqual(r.body.key_id, k.id);
    assert.notEqual(r.body.secret_once, k.secret);
    assert.deepEqual([r.body.name, r.body.scopes], ['To roll', ['matters:read', 'claimants:read']]);
    expectError(await k.client.get('/v1/matters'), 401, 'api_key_revoked');
    expectStatus(await admin.withKey(r.body.secret_once).get('/v1/matters'), 200);
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/roll`, {}),
      409,
      'invalid_state_transition',
    );
  });

  test('roll with a grace period: the old key works until expires_at, then 401 api_key_expired', async () => {
    const k = await issue(admin, root, { scopes: ['matters:read'] });
    const until = Date.now() + 5000;
    const r = await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/roll`, {
      expires_at: new Date(until).toISOString(),
    });
    expectStatus(r, 201);
    const fresh = admin.withKey(r.body.secret_once);
    expectStatus(await k.client.get('/v1/matters'), 200, 'old key during the grace period');
    expectStatus(await fresh.get('/v1/matters'), 200, 'new key');
    const old = (await admin.get(`/v1/organizations/${root}/api-keys?limit=100`)).body.data.find(
      (x: any) => x.key_id === k.id,
    );
    assert.equal(new Date(old.expires_at).getTime(), new Date(until).getTime());
    await sleep(until - Date.now() + 200);
    expectError(await k.client.get('/v1/matters'), 401, 'api_key_expired');
    expectStatus(await fresh.get('/v1/matters'), 200, 'new key after the grace period');
    for (const bad of [inSeconds(-10), inSeconds(8 * 24 * 3600)]) {
      const other = await issue(admin, root, { scopes: ['matters:read'] });
      expectError(
        await admin.post(`/v1/organizations/${root}/api-keys/${other.id}/roll`, { expires_at: bad }),
        400,
        'parameter_invalid',
        { param: 'expires_at' },
      );
    }
  });

  test('a grace period never extends a key past its own expiry', async () => {
    const own = inSeconds(3600);
    const k = await issue(admin, root, { scopes: ['matters:read'], expires_at: own });
    expectStatus(
      await admin.post(`/v1/organizations/${root}/api-keys/${k.id}/roll`, { expires_at: inSeconds(3 * 24 * 3600) }),
      201,
    );
    const old = (await admin.get(`/v1/organizations/${root}/api-keys?limit=100`)).body.data.find(
      (x: any) => x.key_id === k.id,
    );
    assert.equal(old.expires_at, own);
  });

  test('rolling hands out a working secret, so it obeys the issuing rule', async () => {
    const weak = (await issue(admin, root, { scopes: ['keys:write'] })).client;
    const strong = await issue(admin, root, { scopes: ['*'] });
    const r = await weak.post(`/v1/organizations/${root}/api-keys/${strong.id}/roll`, {});
    expectError(r, 403, 'insufficient_scope');
    expectStatus(await strong.client.get('/v1/matters'), 200, 'the refused roll left the key alone');
    const a = await kit.matter();
    const restricted = (await issue(admin, root, { scopes: ['*'], matter_ids: [a] })).client;
    expectError(
      await restricted.post(`/v1/organizations/${root}/api-keys/${strong.id}/roll`, {}),
      403,
      'matter_restricted_key',
    );
    const sameMatter = await issue(admin, root, { scopes: ['matters:read'], matter_ids: [a] });
    expectStatus(await restricted.post(`/v1/organizations/${root}/api-keys/${sameMatter.id}/roll`, {}), 201);
  });

  test('a key bound to a disabled user answers 401 api_key_revoked', async () => {
    const u = await invite(admin, root, { email: email('leaver'), roles: ['operator'] });
    const k = await issue(admin, root, { scopes: ['*'], user_id: u.user_id });
    expectStatus(await k.client.get('/v1/matters'), 200);
    expectStatus(await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, { status: 'disabled' }), 200);
    expectError(await k.client.get('/v1/matters'), 401, 'api_key_revoked');
    const other = await newOrg(admin, 'Elsewhere');
    const stranger = await invite(admin, other, { email: email('stranger'), roles: ['viewer'] });
    expectError(
      await admin.post(`/v1/organizations/${root}/api-keys`, { scopes: ['*'], user_id: stranger.user_id }),
      404,
      'not_found',
      { param: 'user_id' },
    );
  });
});

describe('users', () => {
  test('an invite returns invite_url once; lists never show it', async () => {
    const u = await invite(admin, root, { email: email('Invitee').toUpperCase(), name: 'Invitee', roles: ['counsel'] });
    assert.match(u.invite_url, /\/invite\/[0-9A-Za-z]{40}$/);
    assert.ok(new Date(u.invite_expires_at).getTime() > Date.now() + 6 * 24 * 3600_000);
    assert.equal(u.status, 'invited');
    assert.equal(u.email, u.email.toLowerCase());
    const token = u.invite_url.split('/').at(-1);
    const list = await admin.get(`/v1/organizations/${root}/users?limit=100`);
    expectStatus(list, 200);
    const item = list.body.data.find((x: any) => x.user_id === u.user_id);
    assert.ok(item);
    assert.equal('invite_url' in item, false);
    assert.ok(!JSON.stringify(list.body).includes(token));
    const patched = await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, { name: 'Renamed' });
    assert.equal('invite_url' in patched.body, false);
  });

  test('a duplicate email is 409 conflict, in any case, even when sent concurrently', async () => {
    const addr = email('dup');
    await invite(admin, root, { email: addr, roles: ['viewer'] });
    expectError(
      await admin.post(`/v1/organizations/${root}/users`, { email: addr, roles: ['viewer'] }),
      409,
      'conflict',
      { param: 'email' },
    );
    expectError(
      await admin.post(`/v1/organizations/${root}/users`, { email: addr.toUpperCase(), roles: ['viewer'] }),
      409,
      'conflict',
    );
    const race = email('race');
    const all = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.post(`/v1/organizations/${root}/users`, { email: race, roles: ['viewer'] }),
      ),
    );
    assert.deepEqual(
      all.map((r) => r.status).sort(),
      [201, 409, 409, 409, 409, 409],
      JSON.stringify(all.map((r) => r.body)),
    );
    for (const r of all.filter((x) => x.status === 409)) expectError(r, 409, 'conflict');
  });

  test('PATCH roles and matter_ids changes what the user’s keys can do', async () => {
    const a = await kit.matter();
    const b = await kit.matter();
    const u = await invite(admin, root, { email: email('mover'), roles: ['operator'] });
    const k = (await issue(admin, root, { scopes: ['*'], user_id: u.user_id })).client;
    expectStatus(await k.post('/v1/matters', { name: 'Operator matter', mode: 'enforcement' }), 201);

    const p = await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, { roles: ['viewer'], matter_ids: [a] });
    expectStatus(p, 200);
    assert.deepEqual([p.body.roles, p.body.matter_ids], [['viewer'], [a]]);
    expectError(await k.patch(`/v1/matters/${a}`, { name: 'Nope' }), 403, 'insufficient_scope');
    assert.deepEqual(
      (await k.get('/v1/matters?limit=100')).body.data.map((m: any) => m.matter_id),
      [a],
    );
    expectError(await k.get(`/v1/matters/${b}`), 404, 'not_found');

    const back = await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, {
      roles: ['counsel'],
      matter_ids: [],
    });
    expectStatus(back, 200);
    expectStatus(await k.patch(`/v1/matters/${b}`, { lead_counsel: 'Now allowed' }), 200);

    expectError(
      await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, {
        matter_ids: ['mtr_000000000000000000000000'],
      }),
      404,
      'not_found',
      { param: 'matter_ids' },
    );
    expectError(
      await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, { roles: [] }),
      400,
      'parameter_invalid',
      { param: 'roles' },
    );
    expectError(
      await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, { roles: ['overlord'] }),
      400,
      'parameter_invalid',
    );
    expectError(
      await admin.patch(`/v1/organizations/${root}/users/${u.user_id}`, { status: 'active' }),
      409,
      'invalid_state_transition',
    );
    expectError(
      await admin.patch(`/v1/organizations/${root}/users/usr_000000000000000000000000`, { name: 'x' }),
      404,
      'not_found',
    );
  });

  test('a matter-restricted key manages only users confined to its matters', async () => {
    const a = await kit.matter();
    const b = await kit.matter();
    const restricted = (await issue(admin, root, { scopes: ['*'], matter_ids: [a] })).client;
    const confined = await restricted.post(`/v1/organizations/${root}/users`, {
      email: email('confined'),
      roles: ['admin'],
    });
    expectStatus(confined, 201);
    assert.deepEqual(confined.body.matter_ids, [a]);
    expectError(
      await restricted.post(`/v1/organizations/${root}/users`, {
        email: email('wider'),
        roles: ['viewer'],
        matter_ids: [b],
      }),
      403,
      'matter_restricted_key',
    );
    expectError(
      await restricted.patch(`/v1/organizations/${root}/users/${confined.body.user_id}`, { matter_ids: [] }),
      403,
      'matter_restricted_key',
    );
    expectStatus(
      await restricted.patch(`/v1/organizations/${root}/users/${confined.body.user_id}`, { name: 'Fine' }),
      200,
    );
    const unrestricted = await invite(admin, root, { email: email('free'), roles: ['viewer'] });
    expectError(
      await restricted.patch(`/v1/organizations/${root}/users/${unrestricted.user_id}`, { roles: ['admin'] }),
      403,
      'matter_restricted_key',
    );
  });
});

describe('the admin role', () => {
  test('only a key holding * gives, changes or removes the admin role', async () => {
    // Everything a viewer and an operator can do, plus users:write: all but '*'.
    const manager = (
      await issue(admin, root, {
        scopes: [...new Set(['users:write', ...scopesOfRole('viewer'), ...scopesOfRole('operator')])],
      })
    ).client;
    expectError(
      await manager.post(`/v1/organizations/${root}/users`, { email: email('would-be-admin'), roles: ['admin'] }),
      403,
      'insufficient_scope',
      { param: 'roles' },
    );
    const viewer = await manager.post(`/v1/organizations/${root}/users`, { email: email('plain'), roles: ['viewer'] });
    expectStatus(viewer, 201);
    expectError(
      await manager.patch(`/v1/organizations/${root}/users/${viewer.body.user_id}`, { roles: ['viewer', 'admin'] }),
      403,
      'insufficient_scope',
    );
    expectStatus(
      await manager.patch(`/v1/organizations/${root}/users/${viewer.body.user_id}`, { roles: ['operator'] }),
      200,
    );
    const boss = await invite(admin, root, { email: email('boss'), roles: ['admin'] });
    expectError(
      await manager.patch(`/v1/organizations/${root}/users/${boss.user_id}`, { status: 'disabled' }),
      403,
      'insufficient_scope',
    );
    expectStatus(await admin.patch(`/v1/organizations/${root}/users/${boss.user_id}`, { roles: ['counsel'] }), 200);
  });
});

describe('at rest', () => {
  test('only a SHA-256 of each secret is stored; no column holds a secret', async () => {
    const rolled = await issue(admin, root, { scopes: ['matters:read'] });
    const r = await admin.post(`/v1/organizations/${root}/api-keys/${rolled.id}/roll`, {});
    secretsSeen.push(r.body.secret_once);
    const rows = await srv.sql<Record<string, unknown>>('SELECT * FROM api_keys');
    const dump = JSON.stringify(rows);
    for (const s of [...secretsSeen, srv.adminKey]) {
      assert.ok(!dump.includes(s), 'a secret is stored in api_keys');
      assert.ok(!dump.includes(s.slice(12)), 'the secret part after the display prefix is stored');
    }
    const row = rows.find((x) => x.id === rolled.id)!;
    assert.equal(row.secret_hash, sha256(rolled.secret));
    assert.ok(rows.some((x) => x.secret_hash === sha256(srv.adminKey)));
    // The server is back after the direct database read.
    expectStatus(await admin.withKey(r.body.secret_once).get('/v1/matters'), 200);
  });
});
