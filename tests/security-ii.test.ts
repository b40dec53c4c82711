/**
 * Issue "Security II" (attack review of 6f1ea35), platform and console items: one regression
 * test per finding over real HTTP — REST, and the console's tRPC where the act exists there.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bcrypt from 'bcryptjs';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { fixtureAlert } from './helpers/fixtures-monitoring';
import { consoleSession, type ConsoleSession } from './helpers/console-session';
import { startReceiver } from './helpers/receiver';
import { freePort } from './helpers/free-port';
import { DELIVERY_ERRORS } from '../src/server/domain/webhook-delivery-error';

const PASSWORD = 'a long enough password 1';
let srv: TestServer;
let admin: Client;
let kit: Kit;
let root: string;
/** Matters M1 and M2 (both with authority), and the users of the root organization by role. */
let m1: string;
let m2: string;
const users: Record<string, { id: string; email: string }> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function invite(label: string, roles: string[], matterIds: string[] = []) {
  const email = `${kit.unique(label).replace(/\W+/g, '-')}@example.test`.toLowerCase();
  const r = await admin.post(`/v1/organizations/${root}/users`, { email, name: label, roles, matter_ids: matterIds });
  expectStatus(r, 201, `invite ${label}`);
  users[label] = { id: r.body.user_id, email };
}
async function issue(c: Client, body: Record<string, unknown>, orgId = root) {
  const r = await c.post(`/v1/organizations/${orgId}/api-keys`, body);
  expectStatus(r, 201, `issue ${JSON.stringify(body)}`);
  return { id: r.body.key_id as string, client: admin.withKey(r.body.secret_once), body: r.body, res: r };
}
const session = (label: string) => consoleSession(srv.url, users[label].email, PASSWORD);
/** The ApiError fields of a refused console call. */
function consoleError(r: Awaited<ReturnType<ConsoleSession['query']>>, status: number, code: string) {
  assert.equal(r.ok, false, `expected ${status} ${code}, got ${JSON.stringify(r)}`);
  if (r.ok) return null;
  assert.equal(r.status, status, JSON.stringify(r.error));
  assert.equal(r.error.data.api.code, code, JSON.stringify(r.error));
  return r.error.data.api;
}

before(async () => {
  srv = await startServer({ MD_WORKER_POLL_MS: '200' });
  admin = client(srv.url, srv.adminKey);
  kit = await makeKit(admin);
  root = kit.orgId;
  [m1, m2] = await Promise.all([kit.matter(), kit.matter()]);
  await invite('analyst', ['analyst']);
  await invite('operator', ['operator']);
  await invite('counsel', ['counsel']);
  await invite('admin2', ['admin']);
  await invite('operatorM1', ['operator'], [m1]);
  await invite('operatorM2', ['operator'], [m2]);
  await invite('vendorM1', ['vendor'], [m1]);
  // Console sign-in needs a password: set one for every invitee at once (one restart on PGlite).
  const hash = await bcrypt.hash(PASSWORD, 4);
  await srv.sql(`UPDATE users SET status = 'active', password_hash = $1, invite_token_hash = NULL WHERE id = ANY($2)`, [
    hash,
    Object.values(users).map((u) => u.id),
  ]);
});
after(async () => srv?.stop());

describe('medium 5: triage creates only what the caller may create', () => {
  test('REST: a monitoring key cannot draft a packet or create an action through triage; the alert stays as it was', async () => {
    const [a, b] = await Promise.all([fixtureAlert(kit), fixtureAlert(kit)]);
    const monitoring = (await issue(admin, { scopes: ['monitoring:*'] })).client;
    const before = (await admin.get(`/v1/alerts/${a.alert_id}`)).body;
    const packetsBefore = (await admin.get(`/v1/packets?matter_id=${a.matter_id}`)).body.data.length;
    for (const packetType of ['law_enforcement_referral', 'exchange_freeze']) {
      const r = await monitoring.post(`/v1/alerts/${a.alert_id}/triage`, {
        status: 'actionable',
        create_packet_type: packetType,
        authorized_sender: users.counsel.id,
      });
      expectError(r, 403, 'insufficient_scope', { label: packetType });
      assert.equal(r.body.error.required_scope, 'packets:write');
    }
    const act = await monitoring.post(`/v1/alerts/${a.alert_id}/triage`, { status: 'actionable', create_action: true });
    expectError(act, 403, 'insufficient_scope');
    assert.equal(act.body.error.required_scope, 'actions:write');
    // With the packet scope but not the action scope: refused whole, the packet is not drafted.
    const packetsOnly = (await issue(admin, { scopes: ['monitoring:*', 'packets:write'] })).client;
    const both = await packetsOnly.post(`/v1/alerts/${a.alert_id}/triage`, {
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: users.counsel.id,
      create_action: true,
    });
    expectError(both, 403, 'insufficient_scope');
    assert.equal(both.body.error.required_scope, 'actions:write');
    const after = (await admin.get(`/v1/alerts/${a.alert_id}`)).body;
    assert.deepEqual({ ...after, audit_ref: null }, { ...before, audit_ref: null }, 'the alert is untouched');
    assert.equal((await admin.get(`/v1/packets?matter_id=${a.matter_id}`)).body.data.length, packetsBefore);
    assert.equal((await admin.get(`/v1/actions?matter_id=${a.matter_id}`)).body.data.length, 0);
    // The triage itself needs only monitoring:write; with both scopes the derived writes work.
    expectStatus(await monitoring.post(`/v1/alerts/${a.alert_id}/triage`, { status: 'monitoring' }), 200);
    const full = (await issue(admin, { scopes: ['monitoring:*', 'packets:write', 'actions:write'] })).client;
    const ok = await full.post(`/v1/alerts/${b.alert_id}/triage`, {
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: users.counsel.id,
      create_action: true,
    });
    expectStatus(ok, 200, 'triage with every scope');
    assert.match(ok.body.linked_packet_id, /^pac_/);
    assert.match(ok.body.linked_action_id, /^act_/);
  });

  test('console: an analyst (no packets:write) cannot draft a packet from an alert, but may create its action', async () => {
    const a = await fixtureAlert(kit);
    const analyst = await session('analyst');
    const refused = await analyst.mutate('monitoring.triage', {
      alert_id: a.alert_id,
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: users.counsel.id,
    });
    const api = consoleError(refused, 403, 'insufficient_scope');
    assert.match(api.message, /packets:write/);
    assert.equal((await admin.get(`/v1/alerts/${a.alert_id}`)).body.status, 'new');
    const ok = await analyst.mutate('monitoring.triage', {
      alert_id: a.alert_id,
      status: 'actionable',
      create_action: true,
    });
    assert.ok(ok.ok, JSON.stringify(ok));
    assert.match(ok.data.linked_action_id, /^act_/);
    assert.equal(ok.data.linked_packet_id, null);
  });
});

describe('medium 10: the assignee picker is not a user directory', () => {
  test('a matter-restricted user and a vendor see only users who share their matters, without roles or emails', async () => {
    for (const label of ['operatorM1', 'vendorM1']) {
      const r = await (await session(label)).query('actions.assignees', {});
      assert.ok(r.ok, JSON.stringify(r));
      const ids = r.data.map((u: any) => u.user_id);
      assert.ok(ids.includes(users.operatorM1.id), `${label}: a user of M1`);
      assert.ok(ids.includes(users.counsel.id), `${label}: an unrestricted user can own M1's actions`);
      assert.ok(!ids.includes(users.operatorM2.id), `${label}: a user of M2 only is not shown`);
      for (const u of r.data) {
        assert.deepEqual(Object.keys(u).sort(), ['email', 'matter_ids', 'name', 'user_id'], label);
        assert.equal(u.email, null, `${label}: no emails`);
        assert.deepEqual(u.matter_ids, [m1], `${label}: only the caller's matters`);
      }
      const other = await (await session(label)).query('actions.assignees', { matter_id: m2 });
      consoleError(other, 404, 'not_found');
    }
  });

  test('an unrestricted user who may list users sees the team with emails', async () => {
    const r = await (await consoleSession(srv.url)).query('actions.assignees', {});
    assert.ok(r.ok, JSON.stringify(r));
    const m2op = r.data.find((u: any) => u.user_id === users.operatorM2.id);
    assert.deepEqual(m2op, {
      user_id: users.operatorM2.id,
      name: 'operatorM2',
      email: users.operatorM2.email,
      matter_ids: [m2],
    });
    assert.ok(
      r.data.some((u: any) => u.user_id === users.analyst.id),
      'analysts hold actions:write',
    );
    assert.ok(r.data.every((u: any) => !('roles' in u)));
    const forM2 = await (await consoleSession(srv.url)).query('actions.assignees', { matter_id: m2 });
    assert.ok(forM2.ok);
    assert.ok(!forM2.data.some((u: any) => u.user_id === users.operatorM1.id), 'M1-only users cannot own M2 actions');
  });
});

describe('low: binding a key to a user', () => {
  test('only the user, or an admin acting for them, may bind or roll a key that acts as the user; the audit names the issuer', async () => {
    const keysOnly = await issue(admin, { scopes: ['keys:write', 'matters:read'] });
    const refused = await keysOnly.client.post(`/v1/organizations/${root}/api-keys`, {
      scopes: ['matters:read'],
      user_id: users.counsel.id,
    });
    expectError(refused, 403, 'insufficient_scope', { param: 'user_id' });

    // A user's own key (a keys:write key bound to an admin user) binds keys to that user only.
    const own = await issue(admin, { scopes: ['keys:write', 'matters:read'], user_id: users.admin2.id });
    const self = await own.client.post(`/v1/organizations/${root}/api-keys`, {
      scopes: ['matters:read'],
      user_id: users.admin2.id,
    });
    expectStatus(self, 201, 'the user binds a key to themself');
    const ev = await admin.get(`/v1/audit/events/${self.headers.get('md-audit-ref')}`);
    expectStatus(ev, 200, 'audit event');
    assert.equal(ev.body.event_type, 'api_key.created');
    assert.equal(ev.body.details.user_id, users.admin2.id);
    assert.deepEqual(ev.body.details.issued_by, { actor_id: users.admin2.id, key_id: own.id });
    expectError(
      await own.client.post(`/v1/organizations/${root}/api-keys`, {
        scopes: ['matters:read'],
        user_id: users.counsel.id,
      }),
      403,
      'insufficient_scope',
      { param: 'user_id' },
    );

    // The organization's admin acts for any user; the record says who issued the key.
    const bound = await issue(admin, { scopes: ['matters:read'], user_id: users.counsel.id });
    const ev2 = await admin.get(`/v1/audit/events/${bound.res.headers.get('md-audit-ref')}`);
    expectStatus(ev2, 200, 'audit event');
    assert.equal(ev2.body.details.user_id, users.counsel.id);
    // The admin key is bound to no user: it is the actor.
    assert.match(ev2.body.details.issued_by.key_id, /^key_/);
    assert.equal(ev2.body.details.issued_by.actor_id, ev2.body.details.issued_by.key_id);
    // Rolling hands out a working secret of the bound key: the same rule.
    expectError(
      await keysOnly.client.post(`/v1/organizations/${root}/api-keys/${bound.id}/roll`, {}),
      403,
      'insufficient_scope',
    );
    expectStatus(await admin.post(`/v1/organizations/${root}/api-keys/${bound.id}/roll`, {}), 201, 'admin rolls');
  });
});

describe('low: console links ignore a client-supplied X-Forwarded-Host', () => {
  test('content_uri (response and webhook payload) is built on the Host, as on REST', async () => {
    const c = await consoleSession(srv.url);
    // (X-Forwarded-Proto: https would make next-auth look for its __Secure- cookie: signed out.)
    const spoof = { 'X-Forwarded-Host': 'evil.example' };
    const r = await c.mutate('reports.createBrief', { matter_id: m1, audience: 'internal' }, spoof);
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.data.content_uri, `${srv.url}/v1/reports/${r.data.report_id}`);
    const got = await c.query('reports.get', { report_id: r.data.report_id }, spoof);
    assert.ok(got.ok);
    assert.equal(got.data.content_uri, `${srv.url}/v1/reports/${r.data.report_id}`);
    const ev = await admin.get(`/v1/events?type=report.created&matter_id=${m1}`);
    const payload = ev.body.data.find((e: any) => e.data.object.report_id === r.data.report_id);
    assert.ok(payload, 'report.created');
    assert.equal(payload.data.object.content_uri, `${srv.url}/v1/reports/${r.data.report_id}`);
    assert.ok(!JSON.stringify(ev.body).includes('evil.example'));
  });
});

describe('low: the authorized submitter is the caller', () => {
  test('naming counsel as the sender does not let an operator submit; counsel (or an admin for counsel) may', async () => {
    const rel = await admin.post('/v1/relationships', {
      counterparty_type: 'exchange',
      counterparty_name: kit.unique('Exchange'),
      channel_type: 'legal_process_portal',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: true,
      packet_types_supported: ['vasp_legal_process'],
    });
    expectStatus(rel, 201);
    const path = `/v1/relationships/${rel.body.relationship_id}/contact-log`;
    const body = { matter_id: m1, authorized_sender: users.counsel.id, contact_type: 'email', outcome: 'sent' };
    const operatorKey = (await issue(admin, { scopes: ['*'], user_id: users.operator.id })).client;
    const integration = (await issue(admin, { scopes: ['relationships:*'] })).client;
    for (const [label, c] of [
      ['operator key', operatorKey],
      ['unbound relationships key', integration],
    ] as const) {
      const r = await c.post(path, body);
      expectError(r, 403, 'channel_not_permitted', { label });
      assert.equal(r.body.error.details.rule, 'authorized_submitter_required', label);
    }
    const operator = await session('operator');
    const byConsole = await operator.mutate('relationships.logContact', {
      relationship_id: rel.body.relationship_id,
      ...body,
    });
    consoleError(byConsole, 403, 'channel_not_permitted');
    const counselKey = (await issue(admin, { scopes: ['*'], user_id: users.counsel.id })).client;
    expectStatus(await counselKey.post(path, body), 201, 'counsel submits');
    const counsel = await session('counsel');
    const ok = await counsel.mutate('relationships.logContact', { relationship_id: rel.body.relationship_id, ...body });
    assert.ok(ok.ok, JSON.stringify(ok));
    expectStatus(await admin.post(path, body), 201, 'the admin key acts for the counsel it names');
    // The contract's check on the named sender stays: counsel cannot name an operator.
    expectError(
      await counselKey.post(path, { ...body, authorized_sender: users.operator.id }),
      403,
      'channel_not_permitted',
    );
  });
});

describe('low: only a reviewed organization grants production access below it', () => {
  test("an unreviewed child cannot set production_access on its own child; once reviewed it can; the root's admin as before", async () => {
    const child = await admin.post('/v1/organizations', { name: kit.unique('Child'), type: 'partner' });
    expectStatus(child, 201);
    const childId = child.body.organization_id;
    const childAdmin = (await issue(admin, { scopes: ['*'] }, childId)).client;
    const grand = await childAdmin.post('/v1/organizations', { name: kit.unique('Grandchild'), type: 'partner' });
    expectStatus(grand, 201);
    const grandId = grand.body.organization_id;
    const grant = (c: Client, id: string, features: string[]) => c.patch(`/v1/organizations/${id}`, { features });

    const refused = await grant(childAdmin, grandId, ['production_access']);
    expectError(refused, 403, 'production_access_not_enabled', { param: 'features' });
    assert.deepEqual((await admin.get(`/v1/organizations/${grandId}`)).body.features, []);
    // Its own production access is still the parent's to give.
    expectError(await grant(childAdmin, childId, ['production_access']), 403, 'insufficient_scope');
    // Other features are the child's to set on its children.
    expectStatus(await grant(childAdmin, grandId, ['console']), 200);

    expectStatus(await grant(admin, childId, ['production_access']), 200, 'the root reviews the child');
    const ok = await grant(childAdmin, grandId, ['console', 'production_access']);
    expectStatus(ok, 200, 'a reviewed child grants its child');
    assert.deepEqual(ok.body.features.sort(), ['console', 'production_access']);
    expectStatus(await grant(admin, grandId, ['console']), 200, "the root's admin, as today");
  });
});

describe('low: webhook delivery errors are generic', () => {
  test('a refused connection is logged without the socket message (no address, no port)', async () => {
    const port = await freePort(); // nothing listens there
    const ep = await admin.post('/v1/webhook_endpoints', {
      url: `http://127.0.0.1:${port}/hook`,
      enabled_events: ['matter.created'],
    });
    expectStatus(ep, 201);
    await kit.matter();
    const deadline = Date.now() + 20_000;
    let failed: any;
    while (!failed && Date.now() < deadline) {
      const d = await admin.get(`/v1/webhook_endpoints/${ep.body.webhook_endpoint_id}/deliveries`);
      failed = d.body.data.find((x: any) => x.error);
      if (!failed) await sleep(200);
    }
    assert.ok(failed, 'a failed attempt');
    assert.equal(failed.error, DELIVERY_ERRORS.connection);
    assert.doesNotMatch(failed.error, /ECONN|127\.0\.0\.1|\d{2,}/);
    expectStatus(await admin.del(`/v1/webhook_endpoints/${ep.body.webhook_endpoint_id}`), 200);
  });
});

describe('low: console tRPC is rate-limited like the API (own server, 40 a minute)', () => {
  let limited: TestServer;
  before(async () => {
    limited = await startServer({ MD_RATE_LIMIT_PER_MIN: '40', MD_WEBHOOK_ALLOW_PRIVATE: '' });
  });
  after(async () => limited?.stop());

  test('each call of a batch spends a token; past the budget: 429 rate_limited with Retry-After, per user', async () => {
    const c = await consoleSession(limited.url);
    // One fixed window: start early in a minute so the 50 calls below fall in the same one.
    if (new Date().getSeconds() > 40) await sleep((61 - new Date().getSeconds()) * 1000);
    const batch = (n: number) =>
      c.fetch(
        `/api/trpc/${Array(n).fill('session.me').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
      );
    for (let i = 0; i < 4; i++) {
      const r = await batch(10);
      const text = await r.text();
      assert.equal(r.status, 200, `batch ${i}: ${text}`);
    }
    const over = await batch(10);
    assert.equal(over.status, 429);
    const items = (await over.json()) as any[];
    assert.equal(items.length, 10);
    for (const it of items) {
      assert.equal(it.error.json.data.httpStatus, 429);
      assert.equal(it.error.json.data.api.code, 'rate_limited');
      assert.equal(it.error.json.data.api.type, 'rate_limit_error');
    }
    assert.ok(Number(over.headers.get('retry-after')) >= 1, 'Retry-After');
    const single = await c.query('session.me', null);
    assert.equal(single.ok, false);
    if (!single.ok) {
      assert.equal(single.status, 429);
      assert.equal(single.error.data.api.code, 'rate_limited');
      assert.match(single.error.message, /per minute for this user/);
      assert.ok(Number(single.headers.get('retry-after')) >= 1);
    }
    // The budget is the user's: the API key's own budget is untouched.
    expectStatus(await client(limited.url, limited.adminKey).get('/v1/health'), 200);
  });

  test('without MD_WEBHOOK_ALLOW_PRIVATE, sandbox webhooks cannot target loopback or private hosts', async () => {
    const c = client(limited.url, limited.adminKey);
    const port = await freePort();
    for (const url of [`http://localhost:${port}/hook`, `http://127.0.0.1:${port}/hook`, 'http://10.1.2.3/hook']) {
      const r = await c.post('/v1/webhook_endpoints', { url, enabled_events: ['matter.created'] });
      expectError(r, 400, 'parameter_invalid', { param: 'url', label: url });
      assert.match(r.body.error.message, /loopback|private/, url);
      assert.doesNotMatch(r.body.error.message, /::1|127\.0\.0\.1 \(|\(127/, url);
    }
  });
});

describe('low: a private target is refused at delivery once the flag is off', () => {
  test('an endpoint created while allowed gets nothing after the restart, and a generic refusal', async () => {
    const rec = await startReceiver();
    const ep = await admin.post('/v1/webhook_endpoints', { url: rec.url, enabled_events: ['matter.created'] });
    expectStatus(ep, 201);
    await srv.restart({ MD_WEBHOOK_ALLOW_PRIVATE: '' });
    const m = await kit.matter();
    const deadline = Date.now() + 20_000;
    let failed: any;
    while (!failed && Date.now() < deadline) {
      const d = await admin.get(`/v1/webhook_endpoints/${ep.body.webhook_endpoint_id}/deliveries`);
      failed = d.body.data.find((x: any) => x.error);
      if (!failed) await sleep(200);
    }
    assert.ok(failed, 'a refused attempt');
    assert.equal(failed.error, DELIVERY_ERRORS.refused);
    assert.ok(!rec.received.some((r) => r.json?.data?.object?.matter_id === m), 'nothing reached the receiver');
    await rec.close();
  });
});
