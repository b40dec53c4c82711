/**
 * Every US jurisdiction over HTTP: a judgment from a state the rules used to lack gets a dated,
 * cited judgment-life deadline; a federal stay ending on a legal holiday runs to the next court
 * day (FRCP 6(a)(1)(C)); a malformed code is a 400 and a well-formed unknown one answers with
 * review_required, never a 500. Dates are worked from the statutes and the calendar.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';

let srv: TestServer;
let c: Client;
let matter: string;

const body = (over: Record<string, unknown>) => ({
  matter_id: matter,
  court: 'Court of Common Pleas',
  case_number: `CV-${Math.random().toString(36).slice(2, 9)}`,
  jurisdiction: 'US-OH',
  creditor: 'Acme Capital LLC',
  debtor: 'Dana Doe',
  amount: { amount: '25000.00', currency: 'USD' },
  date_entered: '2025-06-04',
  source_refs: [{ source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/judgment.pdf' }],
  ...over,
});

async function deadlinesOf(over: Record<string, unknown>) {
  const r = await c.post('/v1/judgments/intake', body(over));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const list = await c.get(`/v1/judgments/${r.body.judgment_id}/deadlines`);
  assert.equal(list.status, 200);
  return { judgment: r.body, deadlines: list.body.data as any[] };
}

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  matter = await matterWithAuthority(c, 'Jurisdictions');
});
after(async () => {
  await srv?.stop();
});

describe('every US jurisdiction over HTTP', () => {
  test('OH, MI, AZ, CO, NC, VA, MN and MO judgments get a judgment-life deadline with its statute', async () => {
    // Entered 2025-06-04; the last day is the day before the anniversary.
    const cases: [string, string, string, RegExp][] = [
      ['US-OH', 'renewal', '2030-06-03', /Ohio Rev\. Code § 2329\.07/],
      ['US-MI', 'renewal', '2035-06-03', /600\.5809/],
      ['US-AZ', 'renewal', '2035-06-03', /12-1612/],
      ['US-CO', 'enforcement_period_end', '2045-06-03', /13-52-102/],
      ['US-NC', 'renewal', '2035-06-03', /1-47/],
      ['US-VA', 'renewal', '2035-06-03', /8\.01-251/],
      ['US-MN', 'renewal', '2035-06-03', /541\.04/],
      ['US-MO', 'renewal', '2035-06-03', /74\.09/],
    ];
    for (const [jurisdiction, kind, date, basis] of cases) {
      const { judgment, deadlines } = await deadlinesOf({ jurisdiction });
      assert.equal(judgment.jurisdiction_rules.known, true, jurisdiction);
      const d = deadlines.find((x) => x.kind === kind);
      assert.ok(d, `${jurisdiction}: ${JSON.stringify(deadlines)}`);
      assert.equal(d.date, date, jurisdiction);
      assert.match(d.legal_basis, basis, jurisdiction);
      // Rows added without research notes stay flagged until counsel confirms them.
      assert.equal(d.review_required, true, jurisdiction);
    }
  });

  test('a federal stay ending on Independence Day runs to Monday (FRCP 6(a)(1)(C))', async () => {
    const { deadlines } = await deadlinesOf({ jurisdiction: 'US-FED-NY', court: 'S.D.N.Y.' });
    const stay = deadlines.find((d) => d.kind === 'automatic_stay_end');
    assert.equal(stay.date, '2025-07-07', '2025-06-04 + 30 = Friday 2025-07-04, a legal holiday');
    assert.equal(stay.legal_basis, 'Fed. R. Civ. P. 62(a)');
    assert.match(stay.description, /6\(a\)\(1\)\(C\)/);
  });

  test('a malformed code is a 400; a well-formed unknown one is accepted with review_required, never a 500', async () => {
    for (const jurisdiction of ['California', 'US', 'US_CA', 'US-CALIF', '', 42]) {
      const r = await c.post('/v1/judgments/intake', body({ jurisdiction }));
      assert.equal(r.status, 400, `${JSON.stringify(jurisdiction)} → ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, 'parameter_invalid');
      assert.equal(r.body.error.param, 'jurisdiction');
    }
    for (const jurisdiction of ['US-ZZ', 'US-FED-ZZ', 'de-by']) {
      const { judgment, deadlines } = await deadlinesOf({ jurisdiction });
      assert.equal(judgment.jurisdiction_rules.review_required, true, jurisdiction);
      assert.ok(deadlines.length > 0 && deadlines.every((d) => d.review_required), jurisdiction);
      const g = await c.get(`/v1/judgments/${judgment.judgment_id}`);
      assert.equal(g.status, 200);
      assert.equal(g.body.balance.review_required, true);
    }
  });
});
