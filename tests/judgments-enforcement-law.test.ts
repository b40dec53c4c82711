/**
 * Issue 32's wrong results, through HTTP: the Florida ledger accrues the published rate periods
 * (hand computation in tests/judgments-enforcement-law-domain.test.ts), a changed rate no longer
 * re-accrues from entry, packets on a satisfied judgment are not ready, a packet raised from an
 * alert attaches the matter's only enforceable judgment (or asks which), and the plan uses the
 * matter's imported wallets and its new steps.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { makeKit, type Kit } from './helpers/fixtures';
import { expectError, expectStatus } from './helpers/expect';
import { intakeBody } from './helpers/fixtures-judgments';
import { packetBody, packetSetup } from './helpers/fixtures-packets';
import { fixtureWatchlist, waitForAlert } from './helpers/fixtures-monitoring';
import { BINANCE_9, evmAddress, transfer } from './helpers/fixtures-chain';

let srv: TestServer;
let c: Client;
let k: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
});
after(async () => srv?.stop());

async function intake(matterId: string, over: Record<string, unknown> = {}) {
  const r = await c.post('/v1/judgments/intake', { ...intakeBody(k, matterId), ...over });
  expectStatus(r, 200, 'intake');
  return r.body.judgment_id as string;
}
async function validated(matterId: string) {
  const id = await intake(matterId);
  const v = await c.post(`/v1/judgments/${id}/validate`, { consumer_debt: false });
  expectStatus(v, 200, 'validate');
  assert.equal(v.body.enforcement_ready, true, JSON.stringify(v.body.gates));
  return id;
}
async function satisfy(id: string) {
  expectStatus(await c.patch(`/v1/judgments/${id}`, { status: 'enforcing' }), 200, 'enforcing');
  expectStatus(await c.patch(`/v1/judgments/${id}`, { status: 'satisfied' }), 200, 'satisfied');
}

describe('interest over HTTP', () => {
  test('Florida: $100,000 entered 2023-01-15 accrues the published period rates, each with its source', async () => {
    const m = await k.matter();
    await intake(m, {
      jurisdiction: 'US-FL',
      date_entered: '2023-01-15',
      amount: { amount: '100000', currency: 'USD' },
      post_judgment_interest: undefined,
    });
    // 5,308.27 + 9,090.00 + 1,619.01 (see the domain test for the day counts).
    const b = (await c.get(`/v1/ledger/matters/${m}?as_of=2025-03-05`)).body;
    assert.ok(Math.abs(b.accrued_interest.amount - 16017.28) < 1, String(b.accrued_interest.amount));
    const basis = b.interest_basis[0];
    assert.equal(basis.method, 'published_periods');
    assert.equal(basis.day_count, 'actual/actual');
    assert.deepEqual(
      basis.periods.map((p: { from: string; rate_pct: number }) => [p.from, p.rate_pct]),
      [
        ['2023-01-15', 5.52],
        ['2024-01-01', 9.09],
        ['2025-01-01', 9.38],
      ],
    );
    assert.match(basis.periods[0].source, /Fla\. Stat\. § 55\.03/);
    assert.equal(b.review_required, true, 'the derived rows are unverified');
  });

  test('changing the rate applies from its effective date and no longer re-accrues from entry', async () => {
    const m = await k.matter();
    const j = await intake(m, {
      jurisdiction: 'FR-75',
      date_entered: '2024-01-01',
      amount: { amount: '100000', currency: 'USD' },
      post_judgment_interest: { rate_pct: '5', basis: 'court order' },
    });
    expectStatus(
      await c.patch(`/v1/judgments/${j}`, {
        post_judgment_interest: { rate_pct: '8', basis: 'amended order', effective_from: '2024-07-01' },
      }),
      200,
      'rate change',
    );
    // 182 days × 5% = 2,493.15; 184 days × 8% = 4,032.88 (8% from entry would be 8,021.92).
    const b = (await c.get(`/v1/ledger/matters/${m}?as_of=2025-01-01`)).body;
    assert.equal(b.accrued_interest.amount, 6526.03);
    const got = (await c.get(`/v1/judgments/${j}`)).body;
    assert.deepEqual(
      got.post_judgment_interest_history.map((h: { from: string; rate_pct: number }) => [h.from, h.rate_pct]),
      [
        ['2024-01-01', 5],
        ['2024-07-01', 8],
      ],
    );
    expectError(
      await c.patch(`/v1/judgments/${j}`, {
        post_judgment_interest: { rate_pct: '8', basis: 'x', effective_from: '2023-12-31' },
      }),
      400,
      'parameter_invalid',
      { param: 'post_judgment_interest.effective_from' },
    );
  });

  test('claim nature on intake: California medical debt bears 5%, Washington tort asks for prime + 2', async () => {
    const m = await k.matter();
    await intake(m, {
      jurisdiction: 'US-CA',
      date_entered: '2024-01-01',
      amount: { amount: '150000', currency: 'USD' },
      consumer_debt: true,
      claim_nature: 'medical_expenses',
      debtor_type: 'natural_person',
      post_judgment_interest: undefined,
    });
    const b = (await c.get(`/v1/ledger/matters/${m}?as_of=2024-02-01`)).body;
    assert.equal(b.interest_basis[0].rate_pct, 5);
    assert.match(b.interest_basis[0].source, /685\.010\(a\)\(2\)/);
    const w = await k.matter();
    await intake(w, { jurisdiction: 'US-WA', claim_nature: 'tort', post_judgment_interest: undefined });
    const wb = (await c.get(`/v1/ledger/matters/${w}`)).body;
    assert.equal(wb.interest_basis[0].rate_known, false);
    assert.match(wb.interest_basis[0].source, /RCW 4\.56\.110\(3\)\(b\)/);
    expectError(
      await c.post('/v1/judgments/intake', { ...intakeBody(k, w), claim_nature: 'gambling' }),
      400,
      'parameter_invalid',
      {
        param: 'claim_nature',
      },
    );
  });

  test('a malformed jurisdiction is still 400; a well-formed unknown one still review_required', async () => {
    const m = await k.matter();
    expectError(
      await c.post('/v1/judgments/intake', { ...intakeBody(k, m), jurisdiction: 'california' }),
      400,
      'parameter_invalid',
      {
        param: 'jurisdiction',
      },
    );
    const r = await c.post('/v1/judgments/intake', { ...intakeBody(k, m), jurisdiction: 'US-ZZ' });
    expectStatus(r, 200, 'unknown');
    assert.equal(r.body.jurisdiction_rules.review_required, true);
  });
});

describe('packets check the judgment', () => {
  test('an exchange-turnover packet on a satisfied judgment is not ready, and approval is refused', async () => {
    const s = await packetSetup(k);
    await satisfy(s.judgmentId);
    const r = await c.post('/v1/packets/exchange-turnover', packetBody(s, { packet_type: 'turnover' }));
    expectStatus(r, 200, 'packet');
    assert.equal(r.body.readiness.ready, false);
    assert.ok(r.body.readiness.missing_items.includes('an unsatisfied judgment (this one is satisfied)'));
    expectStatus(await c.patch(`/v1/packets/${r.body.packet_id}`, { status: 'in_review' }), 200, 'submit');
    expectError(await c.patch(`/v1/packets/${r.body.packet_id}`, { status: 'approved' }), 409, 'packet_not_ready');
  });

  test('an unvalidated judgment is a named missing item; GET shows readiness as of now', async () => {
    const m = await k.matter();
    const j = await intake(m);
    const s = await packetSetup(k);
    const body = packetBody({ ...s, matterId: m, judgmentId: j }, { packet_type: 'freeze' });
    const grant = (await c.get(`/v1/matters/${m}/authority`)).body.data[0].authority_id;
    const r = await c.post('/v1/packets/exchange-freeze', { ...body, legal_authority_id: grant });
    expectStatus(r, 200, 'packet');
    assert.ok(r.body.readiness.missing_items.includes('a validated judgment (run validation until it passes)'));
    expectStatus(await c.post(`/v1/judgments/${j}/validate`, { consumer_debt: false }), 200, 'validate');
    const now = (await c.get(`/v1/packets/${r.body.packet_id}`)).body;
    assert.ok(
      !now.readiness.missing_items.some((x: string) => /validated judgment/.test(x)),
      now.readiness.missing_items,
    );
  });
});

describe('a packet raised from an alert', () => {
  async function alertOn(matterId: string) {
    const w = await fixtureWatchlist(k, matterId, evmAddress());
    await transfer(k, w.address, BINANCE_9, 'USDT', '2500');
    return waitForAlert(c, `matter_id=${matterId}&type=exchange_proximity`);
  }
  test("attaches the matter's only enforceable judgment, or asks which one", async () => {
    const s = await packetSetup(k);
    const m = s.matterId;
    const enforceable = s.judgmentId;
    const done = await validated(m);
    await satisfy(done);
    const a = await alertOn(m);
    const r = await c.post(`/v1/alerts/${a.alert_id}/triage`, {
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: s.senderId,
    });
    expectStatus(r, 200, 'triage');
    const p = (await c.get(`/v1/packets/${r.body.linked_packet_id}`)).body;
    assert.equal(p.judgment_id, enforceable);

    const two = await packetSetup(k);
    await validated(two.matterId);
    const b = await alertOn(two.matterId);
    const ask = await c.post(`/v1/alerts/${b.alert_id}/triage`, {
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: two.senderId,
    });
    expectError(ask, 400, 'parameter_missing', { param: 'judgment_id' });
    assert.equal((await c.get(`/v1/alerts/${b.alert_id}`)).body.status, 'new', 'the alert is untouched');
    const chosen = await c.post(`/v1/alerts/${b.alert_id}/triage`, {
      status: 'actionable',
      create_packet_type: 'exchange_freeze',
      authorized_sender: two.senderId,
      judgment_id: two.judgmentId,
    });
    expectStatus(chosen, 200, 'triage with judgment_id');
    assert.equal((await c.get(`/v1/packets/${chosen.body.linked_packet_id}`)).body.judgment_id, two.judgmentId);
  });
});

describe('the plan over HTTP', () => {
  test("uses the matter's imported wallets by default and registers where the exchange is", async () => {
    const s = await packetSetup(k);
    const coinbase = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
    expectStatus(
      await c.post('/v1/attribution/wallets/import', {
        matter_id: s.matterId,
        wallets: [{ address: coinbase, network: 'ethereum' }],
      }),
      201,
      'import',
    );
    const r = await c.post(`/v1/judgments/${s.judgmentId}/enforcement-plan`, { profile: 'assertive' });
    expectStatus(r, 200, 'plan');
    assert.deepEqual(
      r.body.wallets.map((w: { address: string }) => w.address.toLowerCase()),
      [coinbase],
    );
    // US-FED-NY judgment, Coinbase, Inc. in Delaware: 28 U.S.C. § 1963 registration.
    const reg = r.body.priority_actions.find((a: { type: string }) => a.type === 'register_judgment');
    assert.ok(reg, JSON.stringify(r.body.priority_actions.map((a: { type: string }) => a.type)));
    assert.match(reg.legal_basis, /28 U\.S\.C\. § 1963/);
    // The New York restraining notice is attorney-issued (CPLR 5222(a)).
    const freeze = r.body.priority_actions.find((a: { type: string }) => a.type === 'exchange_freeze');
    assert.match(freeze.legal_basis, /CPLR 5222\(a\)/);
  });

  test('bankruptcy filed on a fraud judgment: the 60-day deadline, and no registration while stayed', async () => {
    const s = await packetSetup(k);
    expectStatus(
      await c.patch(`/v1/judgments/${s.judgmentId}`, { claim_nature: 'fraud', bankruptcy_status: 'filed' }),
      200,
      'bankruptcy',
    );
    const r = await c.post(`/v1/judgments/${s.judgmentId}/enforcement-plan`, {
      profile: 'assertive',
      known_wallets: ['0x02466e547bfdab679fc49e96bbfc62b9747d997c'],
      constraints: { bankruptcy_meeting_date: '2025-01-10' },
    });
    expectStatus(r, 200, 'plan');
    const types = r.body.priority_actions.map((a: { type: string }) => a.type);
    assert.ok(types.includes('nondischargeability_complaint'));
    assert.ok(!types.includes('register_judgment'));
    assert.ok(r.body.blocked_actions.some((b: { type: string }) => b.type === 'register_judgment'));
    const step = r.body.priority_actions.find((a: { type: string }) => a.type === 'nondischargeability_complaint');
    assert.match(step.title, /2025-03-11/);
  });
});
