/**
 * The shared security suite (ARCHITECTURE "one shared security suite runs over every
 * operation"): for every registered operation, built from its fixture —
 * authentication (missing, unknown, revoked, expired key), scope, another organization's
 * object, another environment's object, a key restricted to another matter — then the same
 * request succeeding for its owner, which proves each refusal was about access, not input.
 * Also the authority gate for every gated operation, and keys bound to users.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allOperations } from '../src/server/operations/index';
import { randomBase62 } from '../src/server/ids';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { fixtureOf, makeKit, type Kit } from './helpers/fixtures';
import { assertAuthorityGate } from './helpers/gate';
import { productionAdminKey } from './helpers/production-key';

let srv: TestServer;
let admin: Client;
let kit: Kit;
let anonymous: Client;
let unknownKey: Client;
let revokedKey: Client;
let expiredKey: Client;
let childKey: Client;
let childOrgId: string;
let productionKey: Client;
let matterA: string;
let restrictedToA: Client;
const notApplicable: string[] = [];

async function issue(
  orgId: string,
  body: Record<string, unknown>,
): Promise<{ id: string; client: Client; secret: string }> {
  const r = await admin.post(`/v1/organizations/${orgId}/api-keys`, body);
  expectStatus(r, 201, `issue key ${JSON.stringify(body)}`);
  return { id: r.body.key_id, client: admin.withKey(r.body.secret_once), secret: r.body.secret_once };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  srv = await startServer();
  admin = client(srv.url, srv.adminKey);
  kit = await makeKit(admin);
  anonymous = admin.withKey(null);
  unknownKey = admin.withKey(`md_test_${randomBase62(40)}`);

  const expiresAt = Date.now() + 4000;
  expiredKey = (await issue(kit.orgId, { scopes: ['*'], expires_at: new Date(expiresAt).toISOString() })).client;

  const revoked = await issue(kit.orgId, { scopes: ['*'] });
  expectStatus(await admin.post(`/v1/organizations/${kit.orgId}/api-keys/${revoked.id}/revoke`, {}), 200, 'revoke');
  revokedKey = revoked.client;

  const child = await admin.post('/v1/organizations', { name: 'Child tenant', type: 'counsel' });
  expectStatus(child, 201, 'child org');
  childOrgId = child.body.organization_id;
  childKey = (await issue(childOrgId, { scopes: ['*'] })).client;

  const prod = await admin.patch(`/v1/organizations/${kit.orgId}`, { features: ['production_access'] });
  expectStatus(prod, 200, 'enable production_access');
  productionKey = admin.withKey(await productionAdminKey(srv, kit.orgId));

  matterA = await kit.matter();
  restrictedToA = (await issue(kit.orgId, { scopes: ['*'], matter_ids: [matterA] })).client;

  await sleep(Math.max(0, expiresAt - Date.now() + 200));
});
after(async () => srv?.stop());

describe('every operation: authentication, scope, tenancy, environment, matter restriction', () => {
  for (const op of allOperations) {
    test(`${op.name}: ${op.method} ${op.path}`, async (t) => {
      const fx = fixtureOf(op.name);
      const req = await fx.build(kit);
      const send = (c: Client) => c.call(op.method, req.path, req.body);

      await t.test('no Authorization → 401 authentication_required', async () =>
        expectError(await send(anonymous), 401, 'authentication_required'),
      );
      await t.test('unknown key → 401 invalid_api_key', async () =>
        expectError(await send(unknownKey), 401, 'invalid_api_key'),
      );
      await t.test('revoked key → 401 api_key_revoked', async () =>
        expectError(await send(revokedKey), 401, 'api_key_revoked'),
      );
      await t.test('expired key → 401 api_key_expired', async () =>
        expectError(await send(expiredKey), 401, 'api_key_expired'),
      );
      await t.test('missing scope → 403 insufficient_scope', async () => {
        const other = op.scope === 'health:read' ? 'capabilities:read' : 'health:read';
        const k = (await issue(kit.orgId, { scopes: [other] })).client;
        const r = await send(k);
        expectError(r, 403, 'insufficient_scope');
        assert.equal(r.body.error.required_scope, op.scope);
      });

      const noObject = fx.level === 'none' ? 'names no object' : null;
      if (noObject) notApplicable.push(`${op.name}: other organization and environment — ${noObject}`);
      await t.test('another organization’s object → 404 not_found', { skip: noObject ?? false }, async () =>
        expectError(await send(childKey), 404, 'not_found'),
      );

      const orgLevel =
        fx.level === 'org' ? 'organization-level object, shared by both environments and every matter' : null;
      if (orgLevel) notApplicable.push(`${op.name}: other environment and matter restriction — ${orgLevel}`);
      await t.test('a production key → 404 for the sandbox object', { skip: noObject ?? orgLevel ?? false }, async () =>
        expectError(await send(productionKey), 404, 'not_found'),
      );

      // An operation over every matter refuses any restricted key, whatever its level; a
      // matter's object is invisible (404) to a key restricted to another matter.
      const spansMatters = fx.matterRestricted;
      if (spansMatters) {
        await t.test(
          `a key restricted to a matter → ${spansMatters.status} ${spansMatters.code} (${spansMatters.why})`,
          async () => expectError(await send(restrictedToA), spansMatters.status, spansMatters.code),
        );
      } else {
        const noMatter = noObject ?? orgLevel ?? (fx.level === 'env' ? 'environment-level object of no matter' : null);
        if (fx.level === 'none') notApplicable.push(`${op.name}: matter restriction — ${noObject}`);
        assert.ok(
          fx.level !== 'env',
          `${op.name}: an environment-level fixture must say what a matter-restricted key gets (matterRestricted)`,
        );
        await t.test('a key restricted to another matter → 404', { skip: noMatter ?? false }, async () =>
          expectError(await send(restrictedToA), 404, 'not_found'),
        );
      }

      await t.test(`the same request succeeds for its owner → ${op.status}`, async () => {
        if (fx.level === 'matter' && !fx.matterRestricted) {
          assert.ok(req.matterId, `${op.name}: a matter-level fixture must name its matterId`);
          const own = (await issue(kit.orgId, { scopes: ['*'], matter_ids: [req.matterId] })).client;
          expectStatus(await send(own), op.status, `${op.name} with a key restricted to its own matter`);
        } else {
          expectStatus(await send(admin), op.status, `${op.name} with the admin key`);
        }
      });
    });
  }
});

describe('operations that name no object', () => {
  test('a matter-restricted key cannot create matters (403 matter_restricted_key) and lists only its matter', async () => {
    expectError(
      await restrictedToA.post('/v1/matters', { name: 'Nope', mode: 'enforcement' }),
      403,
      'matter_restricted_key',
    );
    const list = await restrictedToA.get('/v1/matters?limit=100');
    expectStatus(list, 200);
    assert.deepEqual(
      list.body.data.map((m: any) => m.matter_id),
      [matterA],
    );
  });

  test('another organization’s and another environment’s matters never appear in lists', async () => {
    const own = (await admin.get('/v1/matters?limit=100')).body.data.map((m: any) => m.matter_id);
    assert.ok(own.includes(matterA));
    const child = await childKey.get('/v1/matters?limit=100');
    expectStatus(child, 200);
    assert.ok(!child.body.data.some((m: any) => own.includes(m.matter_id)));
    const live = await productionKey.get('/v1/matters?limit=100');
    expectStatus(live, 200);
    assert.ok(!live.body.data.some((m: any) => own.includes(m.matter_id)));
    const mine = await productionKey.post('/v1/matters', { name: 'Live matter', mode: 'enforcement' });
    expectStatus(mine, 201);
    assert.equal(mine.body.environment, 'production');
    assert.ok(
      !(await admin.get('/v1/matters?limit=100')).body.data.some((m: any) => m.matter_id === mine.body.matter_id),
    );
    expectError(await admin.get(`/v1/matters/${mine.body.matter_id}`), 404, 'not_found');
  });

  test('a child organization lists only itself, never its parent', async () => {
    const r = await childKey.get('/v1/organizations');
    expectStatus(r, 200);
    assert.deepEqual(
      r.body.data.map((o: any) => o.organization_id),
      [childOrgId],
    );
  });

  test('malformed Authorization headers are 401 authentication_required', async () => {
    for (const value of [
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      `Token ${srv.adminKey}`,
      `Bearer ${srv.adminKey} extra`,
    ]) {
      const r = await admin.withKey(null).get('/v1/matters', { Authorization: value });
      expectError(r, 401, 'authentication_required', { label: JSON.stringify(value) });
    }
    for (const secret of [
      'md_test_short',
      `md_prod_${randomBase62(40)}`,
      `sk_live_${randomBase62(40)}`,
      `md_live_${randomBase62(40)}`,
    ]) {
      expectError(await admin.withKey(secret).get('/v1/matters'), 401, 'invalid_api_key', {
        label: secret.slice(0, 8),
      });
    }
  });
});

describe('the authority gate', () => {
  const gated = allOperations.filter((o) => o.gate);
  if (!gated.length) {
    test('gated operations', { skip: 'no operation with gate:true is registered yet' }, () => {});
  }
  for (const op of gated) {
    test(`${op.name}: 403 authority_required with no grant in effect (before one, or once it expired) and after revoke`, async (t) => {
      const notes = await assertAuthorityGate(op, fixtureOf(op.name), kit);
      for (const n of notes) t.diagnostic(n);
    });
  }
});

describe('matter-restricted keys: webhook endpoints and events', () => {
  test('every webhook-endpoint operation refuses restricted keys with 403 matter_restricted_key', async () => {
    const endpointOps = allOperations.filter((o) => o.path.startsWith('/v1/webhook_endpoints'));
    assert.ok(endpointOps.length >= 6);
    for (const op of endpointOps) {
      assert.equal(
        fixtureOf(op.name).matterRestricted?.code,
        'matter_restricted_key',
        `${op.name}: its fixture states the refusal`,
      );
    }
    // Even a key restricted to the matter of the event it names cannot route it to an endpoint.
    const endpoint = await kit.endpoint();
    const event = await kit.event(matterA);
    expectStatus(await restrictedToA.get(`/v1/events/${event}`), 200);
    expectError(
      await restrictedToA.post(`/v1/events/${event}/resend`, { webhook_endpoint_id: endpoint }),
      403,
      'matter_restricted_key',
    );
  });

  test('a restricted key sees only its matters’ events: lists are filtered, other events are 404', async () => {
    const other = await kit.matter();
    const otherEvent = await kit.event(other);
    const ownEvent = await kit.event(matterA);
    // An organization-level event (no matter) belongs to no restricted key.
    expectStatus(await admin.patch(`/v1/organizations/${kit.orgId}`, { retention_policy: '7 years' }), 200);
    const orgEvent = (await admin.get('/v1/events?type=organization.updated&limit=1')).body.data[0];
    assert.equal(orgEvent.matter_id, null);

    const all = [];
    for (let after = ''; ;) {
      const page = await restrictedToA.get(`/v1/events?limit=100${after ? `&starting_after=${after}` : ''}`);
      expectStatus(page, 200);
      all.push(...page.body.data);
      if (!page.body.has_more) break;
      after = page.body.data.at(-1).id;
    }
    assert.ok(all.length > 0);
    assert.deepEqual([...new Set(all.map((e: any) => e.matter_id))], [matterA]);
    assert.ok(all.some((e: any) => e.id === ownEvent));
    const filtered = await restrictedToA.get(`/v1/events?matter_id=${other}`);
    expectStatus(filtered, 200);
    assert.deepEqual(filtered.body.data, []);

    expectStatus(await restrictedToA.get(`/v1/events/${ownEvent}`), 200);
    for (const id of [otherEvent, orgEvent.id]) {
      expectError(await restrictedToA.get(`/v1/events/${id}`), 404, 'not_found', { label: `GET event ${id}` });
      expectError(await restrictedToA.post(`/v1/events/${id}/resend`, {}), 404, 'not_found', {
        label: `resend event ${id}`,
      });
    }
  });
});

describe('keys bound to users', () => {
  test('a viewer’s key reads but never writes (403 insufficient_scope), whatever the key’s scopes', async () => {
    const u = await admin.post(`/v1/organizations/${kit.orgId}/users`, {
      email: `viewer-${Date.now()}@example.test`,
      roles: ['viewer'],
    });
    expectStatus(u, 201);
    const viewer = (await issue(kit.orgId, { scopes: ['*'], user_id: u.body.user_id })).client;
    for (const op of allOperations) {
      const req = await fixtureOf(op.name).build(kit);
      const r = await viewer.call(op.method, req.path, req.body);
      if (op.scope.endsWith(':read')) expectStatus(r, op.status, `viewer ${op.name}`);
      else {
        expectError(r, 403, 'insufficient_scope', { label: `viewer ${op.name}` });
        assert.equal(r.body.error.required_scope, op.scope);
      }
    }
  });

  test('a user with matter_ids sees only those matters', async () => {
    const other = await kit.matter();
    const u = await admin.post(`/v1/organizations/${kit.orgId}/users`, {
      email: `counsel-${Date.now()}@example.test`,
      roles: ['counsel'],
      matter_ids: [matterA],
    });
    expectStatus(u, 201);
    const counsel = (await issue(kit.orgId, { scopes: ['*'], user_id: u.body.user_id })).client;
    const list = await counsel.get('/v1/matters?limit=100');
    expectStatus(list, 200);
    assert.deepEqual(
      list.body.data.map((m: any) => m.matter_id),
      [matterA],
    );
    expectStatus(await counsel.get(`/v1/matters/${matterA}`), 200);
    expectError(await counsel.get(`/v1/matters/${other}`), 404, 'not_found');
    expectError(await counsel.get(`/v1/audit/matters/${other}`), 404, 'not_found');
    expectError(await counsel.post('/v1/matters', { name: 'Nope', mode: 'enforcement' }), 403, 'matter_restricted_key');
    // A key restricted to another matter, bound to this user, sees the intersection: nothing.
    const both = (await issue(kit.orgId, { scopes: ['*'], user_id: u.body.user_id, matter_ids: [other] })).client;
    assert.deepEqual((await both.get('/v1/matters')).body.data, []);
    expectError(await both.get(`/v1/matters/${other}`), 404, 'not_found');
  });
});

test('checks that do not apply, and why', (t) => {
  for (const n of notApplicable) t.diagnostic(n);
  assert.ok(notApplicable.every((n) => /names no object|organization-level object/.test(n)));
});
