/**
 * Going live (issue 33): the onboarding review that grants production access (who and why on
 * record), the first production key issued in the console and by the operator command, what
 * such a key may and may not do, and counsel's decisions over REST.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { consoleSession } from './helpers/console-session';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { productionAdminKey } from './helpers/production-key';
import { evmAddress, KUCOIN_BTC } from './helpers/fixtures-chain';
import { openReview } from './helpers/fixtures-sanctions';
import { certificateBody } from './helpers/fixtures-issuer';
import { LAZARUS_ETH } from './helpers/fixtures-sanctions';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');

let srv: TestServer;
let c: Client;
let kit: Kit;
let root: string;
let live: Client;

/** `npm run ops -- …` as an operator runs it (tsx scripts/ops.ts), with the given environment. */
async function ops(args: string[], env: Record<string, string>) {
  try {
    const r = await run(path.join(repo, 'node_modules/.bin/tsx'), ['scripts/ops.ts', ...args], {
      cwd: repo,
      env: { ...process.env, ...env, MD_LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e: any) {
    return { code: e.code as number, stdout: String(e.stdout), stderr: String(e.stderr) };
  }
}

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
  root = kit.orgId;
});
after(async () => srv?.stop());

describe('the onboarding review', () => {
  test('a child cannot grant itself production access; its parent’s admin can, and the audit event says who and why', async () => {
    const child = await c.post('/v1/organizations', { name: 'Harbor Recovery LLC', type: 'recovery_operator' });
    expectStatus(child, 201);
    const childId = child.body.organization_id;
    const childKey = await c.post(`/v1/organizations/${childId}/api-keys`, { scopes: ['*'] });
    expectStatus(childKey, 201);
    const self = await c
      .withKey(childKey.body.secret_once)
      .patch(`/v1/organizations/${childId}`, { features: ['production_access'], reason: 'we are ready' });
    expectError(self, 403, 'insufficient_scope', { param: 'features' });

    const reason = 'KYB documents checked, engagement letter on file (onboarding ticket 41)';
    const granted = await c.patch(`/v1/organizations/${childId}`, { features: ['production_access'], reason });
    expectStatus(granted, 200);
    const event = await c.get(`/v1/audit/events/${granted.body.audit_ref}`);
    expectStatus(event, 200);
    assert.equal(event.body.event_type, 'organization.updated');
    assert.match(event.body.actor_id, /^key_/, 'the reviewer: the root admin key');
    assert.deepEqual(event.body.details.review, {
      granted: ['production_access'],
      withdrawn: [],
      reviewer_org_id: root,
      reason,
    });
  });

  test('the console: the root admin grants its own organization production access with a reason', async () => {
    const s = await consoleSession(srv.url);
    const blank = await s.mutate('organization.update', {
      organization_id: root,
      features: ['production_access'],
      reason: 'x'.repeat(2001),
    });
    assert.equal(blank.ok, false);
    if (!blank.ok) assert.equal(blank.error.data.api.param, 'reason');
    const r = await s.mutate('organization.update', {
      organization_id: root,
      features: ['production_access'],
      reason: 'Root organization: operator go-live review',
    });
    assert.ok(r.ok, JSON.stringify(r));
    const settings = await s.query('organization.settings', undefined);
    assert.ok(settings.ok);
    if (settings.ok) {
      assert.ok(settings.data.organization.features.includes('production_access'));
      assert.equal(settings.data.reviews_own_features, true);
      assert.ok(settings.data.children.some((o: any) => o.name === 'Harbor Recovery LLC'));
    }
  });
});

describe('the first production key, issued in the console', () => {
  before(async () => {
    live = c.withKey(await productionAdminKey(srv, root));
  });

  test('a sandbox console session cannot issue it; the key reads production and not the sandbox', async () => {
    const s = await consoleSession(srv.url);
    const refused = await s.mutate('organization.issueKey', {
      organization_id: root,
      environment: 'production',
      scopes: ['*'],
    });
    assert.equal(refused.ok, false);
    if (!refused.ok) assert.equal(refused.error.data.api.param, 'environment');
    const sandboxMatter = await kit.matter();
    const liveMatter = await live.post('/v1/matters', { name: 'Live v. Debtor', mode: 'enforcement' });
    expectStatus(liveMatter, 201);
    expectError(await live.get(`/v1/matters/${sandboxMatter}`), 404, 'not_found');
    expectError(await c.get(`/v1/matters/${liveMatter.body.matter_id}`), 404, 'not_found');
    const keys = await c.get(`/v1/organizations/${root}/api-keys?environment=production`);
    assert.ok(keys.body.data.some((k: any) => k.prefix.startsWith('md_live_') && k.status === 'active'));
  });

  test('it refuses http:// and private webhook URLs', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.1/hook',
      'https://127.0.0.1/hook',
      'https://169.254.169.254/x',
    ]) {
      const r = await live.post('/v1/webhook_endpoints', { url });
      expectError(r, 400, 'parameter_invalid', { param: 'url', label: url });
    }
  });

  test('it cannot write the sandbox chain, and its asset map without a chain source says it needs review', async () => {
    expectError(
      await live.post('/v1/sandbox/chain/transfers', {
        network: 'ethereum',
        from_address: evmAddress(),
        to_address: evmAddress(),
        asset: 'ETH',
        amount: '1',
      }),
      404,
      'route_not_found',
    );
    const m = await live.post('/v1/matters', { name: 'Live map', mode: 'enforcement' });
    const map = await live.post('/v1/crypto/asset-map', {
      matter_id: m.body.matter_id,
      wallets: [evmAddress(), KUCOIN_BTC],
    });
    expectStatus(map, 200);
    assert.equal(map.body.token_exposures.length, 0, 'no balance is invented');
    assert.equal(map.body.review_state.review_required, true);
    assert.match(map.body.review_state.review_notes, /MD_RPC_URL_ETHEREUM/);
  });
});

describe('the operator command', () => {
  test('grants production access and issues a key, printing the secret once; a running PGlite server’s folder is refused', async () => {
    if (!srv.env.DATABASE_URL) {
      const locked = await ops(['orgs'], srv.env);
      assert.equal(locked.code, 1);
      assert.match(locked.stderr, /in use by process/);
      // A stopped deployment: its own folder (here a fresh one, so this is also its first run).
      const dir = mkdtempSync(path.join(tmpdir(), 'md-ops-'));
      try {
        const env = { ...srv.env, MD_DATA_DIR: dir };
        const grant = await ops(['grant-production', '--reason', 'Go-live review', '--by', 'alice'], env);
        assert.equal(grant.code, 0, grant.stderr);
        assert.match(grant.stdout, /production access granted; audit event eve_/);
        const key = await ops(['issue-key', '--scopes', 'matters:read', '--name', 'Live reader'], env);
        assert.equal(key.code, 0, key.stderr);
        assert.match(key.stdout, /^ {2}md_live_[0-9A-Za-z]{32,}$/m);
        const bad = await ops(['issue-key', '--scopes', 'matters:nope'], env);
        assert.equal(bad.code, 1);
        assert.match(bad.stderr, /Refused \(parameter_invalid\)/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return;
    }
    // PostgreSQL: beside the running server. A child organization, reviewed by the operator as
    // its parent's admin, then its first key.
    const child = await c.post('/v1/organizations', { name: 'Ops Child', type: 'partner' });
    const id = child.body.organization_id;
    const noReason = await ops(['grant-production', '--org', id], srv.env);
    assert.equal(noReason.code, 1);
    assert.match(noReason.stderr, /reason/);
    const early = await ops(['issue-key', '--org', id], srv.env);
    assert.equal(early.code, 1);
    assert.match(early.stderr, /production_access_not_enabled/);
    const grant = await ops(
      ['grant-production', '--org', id, '--reason', 'Partner onboarding passed', '--by', 'alice'],
      srv.env,
    );
    assert.equal(grant.code, 0, grant.stderr);
    const eventId = grant.stdout.match(/eve_\w+/)![0];
    const key = await ops(['issue-key', '--org', id, '--name', 'Partner live'], srv.env);
    assert.equal(key.code, 0, key.stderr);
    const secret = key.stdout.match(/md_live_[0-9A-Za-z]+/)![0];
    const partner = c.withKey(secret);
    const org = await partner.get(`/v1/organizations/${id}`);
    expectStatus(org, 200);
    assert.ok(org.body.features.includes('production_access'));
    // The review is a production act of the reviewing (root) organization: its production key reads it.
    const event = await live.get(`/v1/audit/events/${eventId}`);
    expectStatus(event, 200);
    assert.equal(event.body.actor_id, 'operator:alice');
    assert.equal(event.body.details.review.reason, 'Partner onboarding passed');
  });
});

describe("counsel's decisions over REST", () => {
  let counsel: Client;
  before(async () => {
    const k = await c.post(`/v1/organizations/${root}/api-keys`, {
      name: 'counsel integration',
      scopes: ['sanctions:*', 'issuer:*', 'matters:read'],
    });
    counsel = c.withKey(k.body.secret_once);
  });

  test('blocking a review needs a reason and sanctions:decide, replays under its key, and opens the OFAC workflow', async () => {
    const r = await openReview(kit);
    const path = `/v1/sanctions/${r.review_id}/decision`;
    const screener = c.withKey(
      (await c.post(`/v1/organizations/${root}/api-keys`, { scopes: ['sanctions:write'] })).body.secret_once,
    );
    expectError(await screener.post(path, { decision: 'blocked', reason: 'x' }), 403, 'insufficient_scope');
    expectError(await counsel.post(path, { decision: 'blocked', reason: '  ' }), 400, 'parameter_missing', {
      param: 'reason',
    });
    expectError(await counsel.post(path, { decision: 'blocked' }), 400, 'parameter_missing', { param: 'reason' });
    expectError(await counsel.post(path, { decision: 'maybe', reason: 'x' }), 400, 'parameter_invalid', {
      param: 'decision',
    });
    const h = { 'Idempotency-Key': `block-${r.review_id}` };
    const reason = `The wallet ${LAZARUS_ETH} is listed for Lazarus Group (SDN 27307)`;
    const blocked = await counsel.post(path, { decision: 'blocked', reason }, h);
    expectStatus(blocked, 200);
    assert.equal(blocked.body.status, 'blocked');
    assert.equal(blocked.body.decision_reason, reason);
    assert.equal(blocked.body.ofac_report_required, true);
    const again = await counsel.post(path, { decision: 'blocked', reason }, h);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, blocked.body);
    expectError(
      await counsel.post(path, { decision: 'cleared', reason: 'changed my mind' }),
      409,
      'invalid_state_transition',
    );
    const event = await c.get(`/v1/audit/events/${blocked.body.audit_ref}`);
    assert.equal(event.body.event_type, 'sanctions_review.decided');
    assert.equal(event.body.details.reason, reason);
    const wf = await counsel.post('/v1/sanctions/ofac-report-workflow', {
      matter_id: r.matter_id,
      sanctions_review_id: r.review_id,
      counsel_owner: 'J. Counsel',
    });
    expectStatus(wf, 201);
  });

  test('a certificate is approved over REST with issuer:approve; issuer:write alone is refused', async () => {
    const m = await kit.matter();
    const cert = await c.post('/v1/issuer-remediation/destination-wallet-certificate', certificateBody(m));
    expectStatus(cert, 201);
    const path = `/v1/issuer-remediation/destination-wallet-certificate/${cert.body.destination_wallet_id}/decision`;
    const writer = c.withKey(
      (await c.post(`/v1/organizations/${root}/api-keys`, { scopes: ['issuer:write'] })).body.secret_once,
    );
    expectError(await writer.post(path, { decision: 'approved' }), 403, 'insufficient_scope');
    expectError(await counsel.post(path, { decision: 'pending' }), 400, 'parameter_invalid', { param: 'decision' });
    const ok = await counsel.post(path, { decision: 'approved', reason: 'custody checked' });
    expectStatus(ok, 200);
    assert.equal(ok.body.approval_status, 'approved');
    assert.equal(ok.body.decision_reason, 'custody checked');
    // The console shows the same decision (both paths call one service).
    const s = await consoleSession(srv.url);
    const list = await s.query('issuer.certificates', { matter_id: m });
    assert.ok(list.ok);
    if (list.ok)
      assert.equal(
        list.data.find((x: any) => x.destination_wallet_id === cert.body.destination_wallet_id).approval_status,
        'approved',
      );
  });
});

describe('the console Users page: sending an invite again', () => {
  const resend = async (userId: string) =>
    (await consoleSession(srv.url)).mutate('organization.resendInvite', { organization_id: root, user_id: userId });
  const inviteState = async (url: string) => {
    const html = await (await fetch(url.replace(/^https?:\/\/[^/]+/, srv.url))).text();
    return html.includes('not valid any more')
      ? 'invalid'
      : html.includes('data-testid="invite-email"')
        ? 'valid'
        : '?';
  };

  test('a new link replaces the old one, restarts the 7 days, and is audited', async () => {
    const invited = await c.post(`/v1/organizations/${root}/users`, { email: 'resend@example.com', roles: ['viewer'] });
    expectStatus(invited, 201);
    const again = await resend(invited.body.user_id);
    assert.ok(again.ok, JSON.stringify(!again.ok && again.error));
    if (!again.ok) return;
    assert.match(again.data.invite_url, /\/invite\/[0-9A-Za-z]{40}$/);
    assert.notEqual(again.data.invite_url, invited.body.invite_url);
    assert.ok(Date.parse(again.data.invite_expires_at) >= Date.parse(invited.body.invite_expires_at));
    assert.equal(again.data.status, 'invited');
    assert.equal(await inviteState(invited.body.invite_url), 'invalid', 'the old link stops working');
    assert.equal(await inviteState(again.data.invite_url), 'valid');
    const event = await c.get(`/v1/audit/events/${again.data.audit_ref}`);
    expectStatus(event, 200);
    assert.equal(event.body.event_type, 'user.invite_resent');
    assert.equal(event.body.object_id, invited.body.user_id);
    assert.match(event.body.actor_id, /^usr_/, 'the console user who sent it');
    assert.equal(event.body.details.organization_id, root);
  });

  test('only a pending invite, only this organization’s user, and not a production user from the sandbox', async () => {
    const invited = await c.post(`/v1/organizations/${root}/users`, {
      email: 'revoked@example.com',
      roles: ['viewer'],
    });
    expectStatus(invited, 201);
    expectStatus(await c.patch(`/v1/organizations/${root}/users/${invited.body.user_id}`, { status: 'disabled' }), 200);
    const disabled = await resend(invited.body.user_id);
    assert.ok(!disabled.ok);
    if (!disabled.ok) assert.equal(disabled.error.data.api.code, 'invalid_state_transition');
    assert.equal(await inviteState(invited.body.invite_url), 'invalid', 'a revoked invite’s link stops working');

    const child = await c.post('/v1/organizations', { name: 'Resend Child LLC', type: 'recovery_operator' });
    expectStatus(child, 201);
    const stranger = await c.post(`/v1/organizations/${child.body.organization_id}/users`, {
      email: 'stranger@example.com',
      roles: ['viewer'],
    });
    expectStatus(stranger, 201);
    for (const id of [stranger.body.user_id, 'user_nosuchuser0000000000000']) {
      const r = await resend(id);
      assert.ok(!r.ok);
      if (!r.ok) assert.equal(r.error.data.api.code, 'not_found', id);
    }

    // A user invited with a production key can act in production: the sandbox session may not re-invite them.
    const liveKey = c.withKey(await productionAdminKey(srv, root));
    const prod = await liveKey.post(`/v1/organizations/${root}/users`, {
      email: 'live-user@example.com',
      roles: ['viewer'],
    });
    expectStatus(prod, 201);
    const refused = await resend(prod.body.user_id);
    assert.ok(!refused.ok);
    if (!refused.ok) assert.equal(refused.error.data.api.code, 'insufficient_scope');
    assert.equal(await inviteState(prod.body.invite_url), 'valid', 'the refused resend left the link alone');
  });
});
