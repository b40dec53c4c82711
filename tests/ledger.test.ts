/**
 * The ledger over HTTP: immutable entries, the matter balance with post-judgment interest per
 * jurisdiction (hand-computed below: actual/365, half-up to the cent at each event), recoveries
 * applied interest first, exact decimals end to end, and the dashboard figures.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';

let srv: TestServer;
let c: Client;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
});
after(async () => srv?.stop());

async function judgment(matterId: string, over: Record<string, unknown>) {
  const r = await c.post('/v1/judgments/intake', {
    matter_id: matterId,
    court: 'Court',
    case_number: `C-${Math.random().toString(36).slice(2, 9)}`,
    jurisdiction: 'US-CA',
    creditor: 'Acme Capital LLC',
    debtor: 'Dana Doe',
    amount: { amount: '10000.00', currency: 'USD' },
    date_entered: '2024-01-01',
    ...over,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.judgment_id as string;
}
async function entry(matterId: string, over: Record<string, unknown>) {
  return c.post('/v1/ledger/entries', {
    matter_id: matterId,
    type: 'recovery',
    amount: { amount: '1', currency: 'USD' },
    description: 'Entry',
    occurred_at: '2024-04-10T15:00:00Z',
    ...over,
  });
}
const amt = (m: { amount: number; currency: string }) => m.amount;

describe('ledger entries', () => {
  test('gated: 403 before a grant and after revocation', async () => {
    const none = (await c.post('/v1/matters', { name: 'No grant', mode: 'enforcement' })).body.matter_id;
    const r1 = await entry(none, {});
    assert.equal(r1.status, 403);
    assert.equal(r1.body.error.code, 'authority_required');
    const m = await matterWithAuthority(c, 'Revoked ledger');
    const grant = (await c.get(`/v1/matters/${m}/authority`)).body.data[0].authority_id;
    await c.post(`/v1/matters/${m}/authority/${grant}/revoke`, {});
    const r2 = await entry(m, {});
    assert.equal(r2.status, 403);
    assert.match(r2.body.error.message, /revoked/);
  });

  test('201 with an immutable entry; GET by id; validation of every field', async () => {
    const m = await matterWithAuthority(c, 'Entries');
    const j = await judgment(m, {});
    const claimant = (await c.post(`/v1/matters/${m}/claimants`, { name: 'Acme', role: 'creditor' })).body.claimant_id;
    const r = await entry(m, {
      judgment_id: j,
      claimant_id: claimant,
      amount: { amount: '1250.75', currency: 'usd', valuation_time: '2024-04-10T14:00:00Z' },
      description: 'Bank levy',
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.match(r.body.entry_id, /^led_/);
    assert.deepEqual(r.body.amount, {
      amount: 1250.75,
      amount_decimal: '1250.75',
      currency: 'USD',
      valuation_time: '2024-04-10T14:00:00.000Z',
    });
    assert.equal(r.body.judgment_id, j);
    assert.equal(r.body.claimant_id, claimant);
    const got = await c.get(`/v1/ledger/entries/${r.body.entry_id}`);
    assert.equal(got.status, 200);
    assert.equal(got.body.description, 'Bank levy');
    const audit = await c.get(`/v1/audit/events/${r.body.audit_ref}`);
    assert.equal(audit.body.event_type, 'ledger_entry.created');

    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ type: 'gift' }, 400, 'parameter_invalid', 'type'],
      [{ amount: { amount: '-5', currency: 'USD' } }, 400, 'parameter_invalid', 'amount.amount'],
      [{ amount: { amount: '0', currency: 'USD' }, type: 'adjustment' }, 400, 'parameter_invalid', 'amount.amount'],
      [{ amount: { amount: '5', currency: 'EUR' } }, 400, 'parameter_invalid', 'amount.currency'],
      [{ occurred_at: '2999-01-01T00:00:00Z' }, 400, 'parameter_invalid', 'occurred_at'],
      [{ occurred_at: 'yesterday' }, 400, 'parameter_invalid', 'occurred_at'],
      [{ judgment_id: 'jdg_000000000000000000000000' }, 404, 'not_found', 'judgment_id'],
      [{ claimant_id: 'cla_000000000000000000000000' }, 404, 'not_found', 'claimant_id'],
      [{ id: 'led_x' }, 400, 'parameter_unknown', 'id'],
      [{ type: 'distribution', amount: { amount: '5000', currency: 'USD' } }, 409, 'conflict'],
      [
        { type: 'adjustment', judgment_id: j, amount: { amount: '-20000', currency: 'USD' } },
        400,
        'parameter_invalid',
        'amount.amount',
      ],
    ];
    for (const [over, status, code, param] of cases) {
      const bad = await entry(m, over);
      assert.equal(bad.status, status, `${JSON.stringify(over)} → ${JSON.stringify(bad.body)}`);
      assert.equal(bad.body.error.code, code);
      if (param) assert.equal(bad.body.error.param, param);
    }
    const other = await matterWithAuthority(c, 'Other matter');
    assert.equal((await entry(other, { judgment_id: j })).body.error.code, 'not_found', 'a judgment of another matter');
    assert.equal((await c.get('/v1/ledger/entries/led_000000000000000000000000')).status, 404);
    const org = (await c.post('/v1/organizations', { name: 'Ledger outsider', type: 'partner' })).body;
    const outsider = c.withKey(
      (await c.post(`/v1/organizations/${org.organization_id}/api-keys`, { scopes: ['*'] })).body.secret_once,
    );
    assert.equal((await outsider.get(`/v1/ledger/entries/${r.body.entry_id}`)).status, 404);
    assert.equal((await outsider.get(`/v1/ledger/matters/${m}`)).status, 404);
  });
});

describe('balance and interest (hand-computed)', () => {
  test('California 10% simple, a recovery applied interest first, then principal', async () => {
    const m = await matterWithAuthority(c, 'CA ledger');
    const j = await judgment(m, { date_entered: '2024-01-01', consumer_debt: false });
    assert.equal(
      (
        await entry(m, {
          judgment_id: j,
          amount: { amount: '1000.00', currency: 'USD' },
          occurred_at: '2024-04-10T09:00:00Z',
        })
      ).status,
      201,
    );
    const b = await c.get(`/v1/ledger/matters/${m}?as_of=2024-12-31`);
    assert.equal(b.status, 200);
    assert.equal(b.body.object, 'ledger_balance');
    // 100 days: 10,000 × 10% × 100/365 = 273.97; the 1,000 recovery pays 273.97 interest and
    // 726.03 principal; then 265 days on 9,273.97: 673.32. Interest 947.29, balance 9,947.29.
    assert.equal(amt(b.body.judgment_principal), 10000);
    assert.equal(amt(b.body.accrued_interest), 947.29);
    assert.equal(amt(b.body.recovered), 1000);
    assert.equal(amt(b.body.balance_outstanding), 9947.29);
    assert.equal(amt(b.body.allocation.interest_paid), 273.97);
    assert.equal(amt(b.body.allocation.principal_paid), 726.03);
    assert.equal(b.body.as_of, '2024-12-31');
    const basis = b.body.interest_basis[0];
    assert.deepEqual(
      [basis.method, basis.rate_pct, basis.compounding, basis.day_count, basis.review_required],
      ['statutory', 10, 'simple', 'actual/365', false],
    );
    assert.match(basis.source, /685\.010/);
    assert.match(basis.dataset, /enforcement-rules\.json/);
    assert.equal(b.body.review_required, false);
    await c.patch(`/v1/judgments/${j}`, { consumer_debt: null });
    const unsure = (await c.get(`/v1/ledger/matters/${m}?as_of=2024-12-31`)).body;
    assert.equal(unsure.review_required, true, 'a consumer debt would bear 5%: consumer status must be known');
    assert.ok(unsure.interest_basis[0].reasons.some((r: string) => /Consumer status is not recorded/.test(r)));
    assert.equal(b.body.entries.object, 'list');
    assert.equal(b.body.entries.data.length, 1);
    // Before the recovery happened only interest counts.
    const early = await c.get(`/v1/ledger/matters/${m}?as_of=2024-04-09`);
    assert.equal(amt(early.body.accrued_interest), 271.23, '99 days: 10,000 × 10% × 99/365 = 271.23');
    assert.equal(amt(early.body.recovered), 0);
  });

  test('New York 9% simple for two years across a leap day', async () => {
    const m = await matterWithAuthority(c, 'NY ledger');
    await judgment(m, {
      jurisdiction: 'US-NY',
      amount: { amount: '50000', currency: 'USD' },
      date_entered: '2023-06-15',
    });
    const b = (await c.get(`/v1/ledger/matters/${m}?as_of=2025-06-15`)).body;
    // 731 days: 50,000 × 9% × 731/365 = 9,012.33 (CPLR 5004).
    assert.equal(amt(b.accrued_interest), 9012.33);
    assert.equal(amt(b.balance_outstanding), 59012.33);
    assert.equal(b.interest_basis[0].review_required, true, 'simple vs compound is unverified for NY');
    assert.equal(b.review_required, true);
  });

  test('Texas: the index rate must be supplied; then 8.5% compounded annually', async () => {
    const m = await matterWithAuthority(c, 'TX ledger');
    const j = await judgment(m, {
      jurisdiction: 'US-TX',
      amount: { amount: '20000', currency: 'USD' },
      date_entered: '2022-05-10',
    });
    const unknown = (await c.get(`/v1/ledger/matters/${m}?as_of=2024-08-20`)).body;
    assert.equal(amt(unknown.accrued_interest), 0);
    assert.equal(unknown.interest_basis[0].rate_known, false);
    assert.equal(unknown.interest_basis[0].method, 'unknown');
    assert.ok(unknown.interest_basis[0].reasons.some((r: string) => /post_judgment_interest/.test(r)));
    assert.equal(unknown.review_required, true);
    await c.patch(`/v1/judgments/${j}`, {
      post_judgment_interest: { rate_pct: '8.5', basis: 'Texas OCCC post-judgment rate for May 2022' },
    });
    const b = (await c.get(`/v1/ledger/matters/${m}?as_of=2024-08-20`)).body;
    // Year 1 (365 days): 20,000 × 8.5% = 1,700.00 → base 21,700.
    // Year 2 (2023-05-10 → 2024-05-10, 366 days): 21,700 × 8.5% × 366/365 = 1,849.55 → base 23,549.55.
    // Stub (102 days to 2024-08-20): 23,549.55 × 8.5% × 102/365 = 559.38. Total 4,108.93.
    assert.equal(amt(b.accrued_interest), 4108.93);
    assert.equal(amt(b.balance_outstanding), 24108.93);
    assert.equal(b.interest_basis[0].method, 'supplied');
    assert.equal(b.interest_basis[0].compounding, 'annual');
    assert.equal(b.interest_basis[0].review_required, true, 'TX compounding is unverified in the data');
  });

  test('federal court: 28 U.S.C. § 1961 rate supplied, computed daily and compounded annually', async () => {
    const m = await matterWithAuthority(c, 'Federal ledger');
    await judgment(m, {
      jurisdiction: 'US-FED-NY',
      amount: { amount: '100000', currency: 'USD' },
      date_entered: '2023-03-01',
      post_judgment_interest: { rate_pct: '4.74', basis: '1-year CMT weekly average, week ending 2023-02-24' },
    });
    const b = (await c.get(`/v1/ledger/matters/${m}?as_of=2025-03-01`)).body;
    // Year 1 (366 days): 100,000 × 4.74% × 366/365 = 4,752.99; year 2 on 104,752.99: 4,965.29.
    assert.equal(amt(b.accrued_interest), 9718.28);
    assert.equal(b.interest_basis[0].rule_source, 'US-FED');
    assert.match(b.interest_basis[0].source, /1-year CMT.*1961/);
    assert.equal(b.review_required, false);
  });

  test('exact decimals: no float drift, large amounts keep every digit, costs and distributions', async () => {
    const m = await matterWithAuthority(c, 'Decimals');
    const j = await judgment(m, {
      jurisdiction: 'FR-75',
      amount: { amount: '12345678901234567.89', currency: 'USD' },
      date_entered: '2024-01-01',
    });
    for (const [type, a] of [
      ['recovery', '0.10'],
      ['recovery', '0.20'],
      ['cost', '0.10'],
      ['cost', '0.20'],
      ['distribution', '0.30'],
      ['fee', '0.05'],
    ] as const) {
      assert.equal((await entry(m, { judgment_id: j, type, amount: { amount: a, currency: 'USD' } })).status, 201);
    }
    const raw = await fetch(`${srv.url}/v1/ledger/matters/${m}?as_of=2024-06-01`, {
      headers: { Authorization: `Bearer ${srv.adminKey}` },
    });
    const text = await raw.text();
    // A float cannot hold these: 12345678901234567.89 and 0.1 + 0.2 = 0.30000000000000004.
    assert.match(
      text,
      /"judgment_principal":\{"amount":12345678901234567.89,"amount_decimal":"12345678901234567.89","currency":"USD"\}/,
    );
    assert.match(
      text,
      /"balance_outstanding":\{"amount":12345678901234567.89,/,
      'no interest (rate unknown): principal + 0.30 costs − 0.30 recovered',
    );
    assert.match(text, /"recovered":\{"amount":0.3,/);
    assert.match(text, /"costs":\{"amount":0.3,/);
    assert.match(text, /"distributed":\{"amount":0.3,/);
    assert.match(text, /"fees":\{"amount":0.05,/);
    const j2 = (await c.get(`/v1/judgments/${j}`)).body;
    assert.equal(j2.balance.review_required, true);
    const jraw = await (
      await fetch(`${srv.url}/v1/judgments/${j}`, { headers: { Authorization: `Bearer ${srv.adminKey}` } })
    ).text();
    assert.match(
      jraw,
      /"amount":\{"amount":12345678901234567.89,"amount_decimal":"12345678901234567.89","currency":"USD"\}/,
    );
    assert.equal(
      (await entry(m, { judgment_id: j, type: 'distribution', amount: { amount: '0.01', currency: 'USD' } })).body.error
        .code,
      'conflict',
      'only 0.30 was recovered and it is all distributed',
    );
  });

  test('idempotent entry creation replays the same exact response', async () => {
    const m = await matterWithAuthority(c, 'Idempotent ledger');
    const h = { 'Idempotency-Key': `led-${Date.now()}` };
    const payload = {
      matter_id: m,
      type: 'cost',
      amount: { amount: '99.99', currency: 'USD' },
      description: 'Process server',
      occurred_at: '2024-05-01T00:00:00Z',
    };
    const a = await c.post('/v1/ledger/entries', payload, h);
    const b = await c.post('/v1/ledger/entries', payload, h);
    assert.equal(a.status, 201);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(b.body, a.body);
    assert.equal((await c.get(`/v1/ledger/matters/${m}`)).body.entries.data.length, 1);
  });
});

describe('concurrency', () => {
  test('concurrent distributions never exceed the recoveries received', async () => {
    const m = await matterWithAuthority(c, 'Concurrent distributions');
    await entry(m, { amount: { amount: '300', currency: 'USD' } });
    const all = await Promise.all(
      Array.from({ length: 8 }, () => entry(m, { type: 'distribution', amount: { amount: '100', currency: 'USD' } })),
    );
    const statuses = all.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 409, 409, 409, 409, 409]);
    assert.equal((await c.get(`/v1/ledger/matters/${m}`)).body.distributed.amount, 300);
  });
});

describe('dashboard figures from the ledger', () => {
  test('judgment value, recovery events and the operator share (contingency 25%)', async () => {
    const m = await matterWithAuthority(c, 'Dashboard'); // economics: 25% contingency, USD
    const j = await judgment(m, { date_entered: '2024-01-01' });
    await entry(m, { judgment_id: j, amount: { amount: '1000.10', currency: 'USD' } });
    await entry(m, { amount: { amount: '500', currency: 'USD' }, occurred_at: '2024-05-01T00:00:00Z' });
    await entry(m, { type: 'cost', amount: { amount: '150', currency: 'USD' } });
    const d = (await c.get(`/v1/matters/${m}/dashboard`)).body;
    const b = (await c.get(`/v1/ledger/matters/${m}`)).body;
    assert.equal(d.recovery_events, 2);
    assert.deepEqual(d.recovered, { amount: 1500.1, amount_decimal: '1500.1', currency: 'USD' });
    assert.deepEqual(
      d.operator_economics,
      { amount: 375.03, amount_decimal: '375.03', currency: 'USD' },
      '1,500.10 × 25% = 375.025 → 375.03',
    );
    assert.deepEqual(d.judgment_value, b.balance_outstanding);
    assert.ok(d.judgment_value.amount > 8650, 'principal + interest to date + costs − recoveries');
  });
});
