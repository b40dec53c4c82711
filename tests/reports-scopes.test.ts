/**
 * Reports read only what their creator may read (API-CONTRACT §21): a section needs its
 * module's read scope (ledger:read for ledger figures and economics, sanctions:read,
 * packets:read, …) or is left out and says so, the summary part by part. Over REST with keys
 * of narrow scopes, in the report's exports, and in the console (a user's roles are its scopes).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bcrypt from 'bcryptjs';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COINBASE_WALLET, packetBody, packetSetup, type PacketSetup } from './helpers/fixtures-packets';
import { openReview } from './helpers/fixtures-sanctions';
import { consoleSession } from './helpers/console-session';

const NOTE = 'INTERNAL-ONLY posture 7731';
const SIDE_LETTER = 'side letter 4419';
const SECTIONS = ['summary', 'judgments', 'assets', 'plan', 'actions', 'packets', 'alerts', 'ledger', 'sanctions'];
/** The scope each brief section (but the summary) needs. */
const NEEDS: Record<string, string> = {
  judgments: 'judgments:read',
  assets: 'crypto:read',
  plan: 'judgments:read',
  actions: 'actions:read',
  packets: 'packets:read',
  alerts: 'monitoring:read',
  ledger: 'ledger:read',
  sanctions: 'sanctions:read',
};

let srv: TestServer;
let c: Client;
let k: Kit;
let s: PacketSetup;
let claimantId: string;
let reviewId: string;

/** A client with a fresh key of exactly `scopes`. */
async function keyed(scopes: string[]) {
  const r = await c.post(`/v1/organizations/${k.orgId}/api-keys`, { name: k.unique('reports key'), scopes });
  expectStatus(r, 201, 'api key');
  return client(srv.url, r.body.secret_once);
}
const byKey = (r: any) => Object.fromEntries(r.sections.map((x: any) => [x.key, x]));

before(async () => {
  srv = await startServer({ MD_WORKER_POLL_MS: '200' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  // A matter with notes, a claimant with economics, recoveries, an asset map, a packet and an
  // open sanctions review: something behind every scope.
  s = await packetSetup(k);
  expectStatus(await c.patch(`/v1/matters/${s.matterId}`, { notes: NOTE }), 200, 'notes');
  const cl = await c.post(`/v1/matters/${s.matterId}/claimants`, {
    name: 'Alice Creditor Fund',
    role: 'creditor',
    economics: { share_pct: 60, side_letter: SIDE_LETTER },
  });
  expectStatus(cl, 201, 'claimant');
  claimantId = cl.body.claimant_id;
  expectStatus(
    await c.post('/v1/ledger/entries', {
      matter_id: s.matterId,
      judgment_id: s.judgmentId,
      type: 'recovery',
      amount: { amount: '12345.00', currency: 'USD' },
      description: 'recovery',
      occurred_at: '2024-01-15T12:00:00Z',
    }),
    201,
    'recovery',
  );
  expectStatus(
    await c.post('/v1/crypto/asset-map', { matter_id: s.matterId, wallets: [COINBASE_WALLET], chains: ['ethereum'] }),
    200,
    'asset map',
  );
  expectStatus(await c.post('/v1/packets/exchange-intercept', packetBody(s)), 200, 'packet');
  reviewId = (await openReview(k, s.matterId)).review_id;
});
after(async () => {
  await srv?.stop();
});

describe('a key with only reports:* scopes', () => {
  test('gets every section left out but the summary, which names the matter only; its ledger is 403 too', async () => {
    const rc = await keyed(['reports:*']);
    const r = await rc.post('/v1/reports/campaign-brief', { matter_id: s.matterId, audience: 'internal' });
    expectStatus(r, 201, 'brief');
    assert.deepEqual(
      r.body.sections.map((x: any) => x.key),
      SECTIONS,
    );
    const by = byKey(r.body);
    for (const [key, scope] of Object.entries(NEEDS)) {
      assert.deepEqual(by[key].data, { omitted: { required_scopes: [scope] } }, key);
      assert.match(by[key].body, new RegExp(`^Left out: this section needs the ${scope} scope`), key);
    }
    const sum = by.summary.data;
    assert.deepEqual(Object.keys(sum.matter).sort(), ['matter_id', 'name']);
    assert.deepEqual(
      sum.omitted_parts.map((p: any) => p.required_scope),
      ['matters:read', 'judgments:read', 'claimants:read', 'ledger:read'],
    );
    for (const f of ['judgment_count', 'claimant_count', 'claimants', 'recovered', 'operator_economics'])
      assert.equal(f in sum, false, f);
    assert.match(by.summary.body, /Left out, as the report's creator does not hold their scopes: .*ledger:read/);
    const text = JSON.stringify(r.body);
    for (const leak of [NOTE, SIDE_LETTER, '12345', 'contingency', reviewId, COINBASE_WALLET.slice(2, 12)])
      assert.ok(!text.toLowerCase().includes(leak.toLowerCase()), `no ${leak}`);
    // Nothing of an unread module reaches the review state either (ledger, sanctions, plans).
    assert.equal(r.body.review_state.review_required, false, JSON.stringify(r.body.review_state));
    expectError(await rc.get(`/v1/ledger/matters/${s.matterId}`), 403, 'insufficient_scope');
    // Its exports show what the report holds, no more: the JSON bundle's sections are the same.
    const e = await rc.post(`/v1/reports/${r.body.report_id}/export`, { format: 'json' });
    expectStatus(e, 201, 'export');
    let x = e.body;
    for (const until = Date.now() + 60_000; x.status === 'pending' && Date.now() < until;) {
      await new Promise((res) => setTimeout(res, 150));
      x = (await c.get(`/v1/exports/${x.export_id}`)).body;
    }
    assert.equal(x.status, 'ready', JSON.stringify(x));
    const bundle = await (await fetch(x.download_url)).json();
    assert.deepEqual(
      bundle.sections.map((y: any) => y.data),
      r.body.sections.map((y: any) => y.data),
    );
    assert.ok(!JSON.stringify(bundle).includes('12345') && !JSON.stringify(bundle).includes(NOTE));
  });

  test('a claimant update reads the same way: share, recoveries and assets left out', async () => {
    const rc = await keyed(['reports:write']);
    const r = await rc.post('/v1/reports/claimant-update', { matter_id: s.matterId, claimant_id: claimantId });
    expectStatus(r, 201, 'update');
    const by = byKey(r.body);
    assert.deepEqual(by.your_share.data, { omitted: { required_scopes: ['claimants:read', 'ledger:read'] } });
    assert.deepEqual(by.recoveries.data, { omitted: { required_scopes: ['ledger:read'] } });
    assert.deepEqual(by.assets.data, { omitted: { required_scopes: ['crypto:read'] } });
    assert.deepEqual(by.next_steps.data, { omitted: { required_scopes: ['actions:read', 'judgments:read'] } });
    assert.ok(!JSON.stringify(r.body).includes('12345'), 'no ledger figure');
    const full = await keyed(['reports:write', 'claimants:read', 'ledger:read']);
    const ok = await full.post('/v1/reports/claimant-update', { matter_id: s.matterId, claimant_id: claimantId });
    expectStatus(ok, 201, 'update with the scopes');
    const share = byKey(ok.body).your_share.data;
    assert.equal(share.share_pct, 60);
    assert.equal(share.claimant.name, 'Alice Creditor Fund');
  });
});

describe('each scope opens its own sections', () => {
  test('ledger:read: ledger figures and economics, but no claimants, sanctions or packets', async () => {
    const rc = await keyed(['reports:write', 'ledger:read']);
    const r = await rc.post('/v1/reports/campaign-brief', { matter_id: s.matterId });
    expectStatus(r, 201, 'brief');
    const by = byKey(r.body);
    assert.equal(by.ledger.data.recovered.amount_decimal, '12345');
    assert.equal(by.summary.data.recovered.amount_decimal, '12345');
    assert.equal(by.summary.data.operator_economics.contingency_fee_pct, 25);
    assert.deepEqual(
      by.summary.data.omitted_parts.map((p: any) => p.required_scope),
      ['matters:read', 'judgments:read', 'claimants:read'],
    );
    assert.equal('claimants' in by.summary.data, false);
    assert.deepEqual(by.sanctions.data, { omitted: { required_scopes: ['sanctions:read'] } });
    assert.deepEqual(by.packets.data, { omitted: { required_scopes: ['packets:read'] } });
  });

  test('sanctions:read and claimants:read: the review and the roster, without economics (no ledger:read)', async () => {
    const rc = await keyed(['reports:write', 'sanctions:read', 'claimants:read', 'matters:read']);
    const r = await rc.post('/v1/reports/campaign-brief', { matter_id: s.matterId, audience: 'internal' });
    expectStatus(r, 201, 'brief');
    const by = byKey(r.body);
    assert.equal(by.sanctions.data.reviews[0].review_id, reviewId);
    assert.equal(by.sanctions.data.collection_paused, true);
    assert.equal(by.summary.data.matter.notes, NOTE, 'matters:read reads the internal notes');
    assert.deepEqual(
      by.summary.data.claimants.map((x: any) => Object.keys(x).sort()),
      [['claimant_id', 'name', 'role']],
    );
    assert.ok(!JSON.stringify(r.body).includes(SIDE_LETTER), "no claimant's economics");
    assert.deepEqual(by.ledger.data, { omitted: { required_scopes: ['ledger:read'] } });
  });
});

describe('the console enforces the same', () => {
  async function userSession(roles: string[]) {
    const email = `${k.unique('reports-user')}@example.test`;
    const u = await c.post(`/v1/organizations/${k.orgId}/users`, { email, roles });
    expectStatus(u, 201, 'user');
    const password = 'a long enough password 1';
    await srv.sql(`UPDATE users SET status = 'active', password_hash = $1, invite_token_hash = NULL WHERE id = $2`, [
      await bcrypt.hash(password, 4),
      u.body.user_id,
    ]);
    return consoleSession(srv.url, email, password);
  }

  test('an operator (whose roles read every module) gets every section; a viewer may not create one', async () => {
    const op = await userSession(['operator']);
    const r = await op.mutate('reports.createBrief', { matter_id: s.matterId, audience: 'internal' });
    assert.ok(r.ok, JSON.stringify(r));
    const by = byKey(r.data);
    for (const key of SECTIONS) assert.equal('omitted' in by[key].data, false, key);
    assert.deepEqual(by.summary.data.omitted_parts, []);
    assert.equal(by.ledger.data.recovered.amount_decimal, '12345');
    assert.equal(by.sanctions.data.reviews[0].review_id, reviewId);
    const viewer = await userSession(['viewer']);
    const no = await viewer.mutate('reports.createBrief', { matter_id: s.matterId });
    assert.equal(no.ok, false);
    assert.equal((no as any).status, 403);
  });
});
