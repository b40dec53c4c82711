/**
 * Issue 32, parts 3–5, as pure domain tables written from the sources (no server): interest as
 * rate periods (Fla. Stat. § 55.03, NRS 17.130(2), N.J. Ct. R. 4:42-11), payment allocation
 * (CCP 695.220; the general US rule), the California consumer rate (CCP 685.010(a)(2)) and the
 * Washington tort rate (RCW 4.56.110(3)(b)); packet readiness checking the judgment; and the
 * plan (registration and domestication, attorney-issued process, bankruptcy, exemptions, the
 * FDCPA, assignments and arbitration awards). Figures are hand-computed in the comments.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveRules } from '../src/server/domain/judgments/jurisdiction-rules';
import { dec } from '../src/server/domain/judgments/decimal';
import { interestTerms, type InterestTermsInput } from '../src/server/domain/judgments/interest-terms';
import { computeLedger, type LedgerEntryInput } from '../src/server/domain/judgments/ledger-engine';
import { judgmentEnforceability, type JudgmentFacts } from '../src/server/domain/judgments/enforceability';
import { packetReadiness, type ReadinessInput } from '../src/server/domain/packets/readiness';
import { evaluateGates } from '../src/server/domain/judgments/validation-gates';
import { buildEnforcementPlan, type PlanInput } from '../src/server/domain/judgments/enforcement-plan';
import { buildWalletIndex, classifyWallet } from '../src/server/domain/judgments/wallet-index';
import { addressIndex } from '../src/server/services/sanctions/address-data';
import { baseGateInput } from './helpers/gate-input';

const terms = (code: string, over: Partial<InterestTermsInput> = {}) =>
  interestTerms({
    rules: resolveRules(code),
    date_entered: '2024-01-01',
    principal: dec('100000'),
    consumer_debt: false,
    supplied: null,
    ...over,
  });

/** The ledger of one judgment with its interest terms, as GET /v1/ledger computes it. */
function accrued(code: string, over: Partial<InterestTermsInput>, asOf: string, entries: LedgerEntryInput[] = []) {
  const t = terms(code, { ...over, as_of: asOf });
  const { per_judgment, totals } = computeLedger({
    currency: 'USD',
    as_of: asOf,
    judgments: [
      {
        id: 'j',
        principal: over.principal ?? dec('100000'),
        start: over.date_entered ?? '2024-01-01',
        rate_pct: t.rate_pct,
        periods: t.periods,
        day_count: t.day_count,
        compounding: t.compounding,
        allocation: t.allocation,
      },
    ],
    entries,
  });
  return { t, f: per_judgment.get('j')!, totals };
}

describe('interest as rate periods', () => {
  test('Florida: $100,000 entered 2023-01-15, rate fixed at entry and adjusted each 1 January (§ 55.03(3))', () => {
    // Hand computation with the rows of data/interest-rates/period-rates.json. The CFO's daily
    // rate is the annual rate / 365, or / 366 in a leap year (Fla. Admin. Code R. 69I-25.003(1)(b)).
    //   2023-01-15 → 2024-01-01: 351 days at 5.52% (Q1 2023 rate, in effect at entry) / 365
    //     100,000 × 0.0552 × 351 / 365 = 5,308.27
    //   2024-01-01 → 2025-01-01: 366 days at 9.09% (rate in effect 2024-01-01) / 366
    //     100,000 × 0.0909 × 366 / 366 = 9,090.00
    //   As of 2025-01-01 (interest through 2024-12-31): 14,398.27
    //   2025-01-01 → 2025-03-05: 63 days at 9.38% (rate in effect 2025-01-01) / 365
    //     100,000 × 0.0938 × 63 / 365 = 1,619.01
    //   As of 2025-03-05: 16,017.28 — the review's "about $16,020 with the published period
    //   rates" is this computation at about that date. A single rate from entry gives 5.52% ×
    //   780/365 = 11,796 or 9.38% × 780/365 = 20,045 instead.
    const florida = { date_entered: '2023-01-15', principal: dec('100000') };
    const jan = accrued('US-FL', florida, '2025-01-01');
    assert.ok(Math.abs(Number(jan.f.accrued_interest.toFixed()) - 14398.27) < 1);
    const mar = accrued('US-FL', florida, '2025-03-05');
    assert.ok(Math.abs(Number(mar.f.accrued_interest.toFixed()) - 16017.28) < 1, mar.f.accrued_interest.toFixed());
    assert.equal(mar.t.method, 'published_periods');
    assert.equal(mar.t.day_count, 'actual/actual');
    assert.deepEqual(
      mar.t.periods.map((p) => [p.from, p.to, p.rate_pct?.toFixed()]),
      [
        ['2023-01-15', '2024-01-01', '5.52'],
        ['2024-01-01', '2025-01-01', '9.09'],
        ['2025-01-01', null, '9.38'],
      ],
    );
    for (const p of mar.t.periods) assert.match(p.source, /Fla\. Stat\. § 55\.03/);
    // These three rows are derived by the § 55.03(1) formula, not read from the CFO's table.
    assert.equal(mar.t.review_required, true);
    assert.ok(mar.t.reasons.some((r) => /2023-01-15.*5\.52%.*not verified/.test(r)));
  });

  test("Florida: a judgment entered in Q4 2023 takes that quarter's published 8.54% (FAR notice, verified)", () => {
    const t = terms('US-FL', { date_entered: '2023-11-01', as_of: '2023-12-31' });
    assert.equal(t.periods[0].rate_pct!.toFixed(), '8.54');
    assert.equal(t.periods[0].verified, true);
  });

  test("Florida: the 1 January 2026 adjustment takes that day's rate, 8.44%, not 2025's carried forward", () => {
    // § 55.03(3): the rate is adjusted each 1 January to the rate then in effect. The CFO set the
    // rate for the quarter beginning 2026-01-01 on 2025-12-01 from the discount rate over
    // 2024-12-01..2025-11-30: 4.75% to 12-18, 4.50% from 2024-12-19, 4.25% from 2025-09-18
    // (90 FR 47512), 4.00% from 2025-10-30 (Regulation A, docket R-1874): mean 4.44% + 4% = 8.44%.
    //   to 2025-01-01: 14,398.27 (the test above)
    //   2025-01-01 → 2026-01-01: 365 days at 9.38% / 365 = 9,380.00
    //   2026-01-01 → 2026-03-01:  59 days at 8.44% / 365 = 100,000 × 0.0844 × 59 / 365 = 1,364.27
    //   total 25,142.54 (9.38% carried into 2026 gave 1,516.22 for the last period, 25,294.49)
    const r = accrued('US-FL', { date_entered: '2023-01-15', principal: dec('100000') }, '2026-03-01');
    assert.ok(Math.abs(Number(r.f.accrued_interest.toFixed()) - 25142.54) < 1, r.f.accrued_interest.toFixed());
    assert.deepEqual(
      r.t.periods.slice(-2).map((p) => [p.from, p.to, p.rate_pct?.toFixed()]),
      [
        ['2025-01-01', '2026-01-01', '9.38'],
        ['2026-01-01', null, '8.44'],
      ],
    );
    assert.doesNotMatch(r.t.periods.at(-1)!.source, /carried forward/);
  });

  test("Florida: a judgment takes its own quarter's rate (the CFO sets one each quarter, § 55.03(1))", () => {
    // floridajudgment.com's worked example, quoting the CFO table: entered 2019-08-02, 6.77% (the
    // quarter beginning 2019-07-01) to the end of the year, then 6.83% from 2020-01-01. Both
    // rows are read from that source, so neither period needs review.
    const t = terms('US-FL', { date_entered: '2019-08-02', as_of: '2020-06-30' });
    assert.deepEqual(
      t.periods.map((p) => [p.from, p.rate_pct?.toFixed(), p.verified]),
      [
        ['2019-08-02', '6.77', true],
        ['2020-01-01', '6.83', true],
      ],
    );
    // Entered in the second quarter of 2024: that quarter's 9.34% (mean discount rate over
    // 2023-03-01..2024-02-29, 5.34%, + 4%), not the 9.09% of the first quarter.
    assert.equal(
      terms('US-FL', { date_entered: '2024-05-15', as_of: '2024-05-15' }).periods[0].rate_pct!.toFixed(),
      '9.34',
    );
  });

  test('Florida: a quarter missing from the data carries the last row forward, unverified, and says which', () => {
    // 2018-05-10 falls in a stretch of quarters the dataset does not hold (2016-07-01 to
    // 2018-07-01): the 2016-04-01 row (4.78%, the rate for that quarter as reported in March
    // 2016) is the nearest, but it was replaced on 2016-07-01, so the period is not verified and
    // names the missing quarter.
    const gap = terms('US-FL', { date_entered: '2018-05-10', as_of: '2018-05-10' });
    assert.equal(gap.periods[0].rate_pct!.toFixed(), '4.78');
    assert.equal(gap.periods[0].verified, false);
    assert.match(
      gap.periods[0].source,
      /no row in data\/interest-rates\/period-rates\.json for 2016-07-01, carried forward/,
    );
    assert.equal(gap.review_required, true);
    // Entered in the quarter beginning 2018-10-01: 6.09%, as the Florida Administrative Register
    // notice of 2018-09-07 published it, verified. On 2019-01-01 the judgment is adjusted to the
    // rate then in effect, which the dataset does not hold: 6.09% carried forward, unverified.
    const q4 = terms('US-FL', { date_entered: '2018-11-15', as_of: '2019-02-01' });
    assert.deepEqual(
      q4.periods.map((p) => [p.from, p.rate_pct?.toFixed(), p.verified]),
      [
        ['2018-11-15', '6.09', true],
        ['2019-01-01', '6.09', false],
      ],
    );
    assert.match(q4.periods[1].source, /for 2019-01-01, carried forward/);
    // After the last row: a judgment entered in June 2026 should take the rate set for the
    // quarter beginning 2026-04-01, which the dataset does not hold.
    const late = terms('US-FL', { date_entered: '2026-06-10', as_of: '2026-11-28' });
    assert.equal(late.periods[0].rate_pct!.toFixed(), '8.44');
    assert.equal(late.periods[0].verified, false);
    assert.match(late.periods[0].source, /for 2026-04-01, carried forward/);
  });

  test('Nevada: prime on the preceding 1 January/1 July + 2%, adjusted each 1 January and 1 July (NRS 17.130(2))', () => {
    // $50,000 entered 2024-03-10, as of 2025-03-10 (prime 8.50% on 2024-01-01 and 2024-07-01,
    // 7.50% on 2025-01-01):
    //   2024-03-10 → 2024-07-01: 113 days × 10.50% → 50,000 × 0.105 × 113/365 = 1,625.34
    //   2024-07-01 → 2025-01-01: 184 days × 10.50% → 2,646.58
    //   2025-01-01 → 2025-03-10:  68 days ×  9.50% →   884.93      total 5,156.85
    const nv = accrued('US-NV', { date_entered: '2024-03-10', principal: dec('50000') }, '2025-03-10');
    assert.equal(nv.f.accrued_interest.toFixed(), '5156.85');
    assert.deepEqual(
      nv.t.periods.map((p) => p.rate_pct!.toFixed()),
      ['10.5', '10.5', '9.5'],
    );
    assert.match(nv.t.periods[2].source, /NRS 17\.130\(2\): prime 7\.50% \+ 2%/);
  });

  test('Nevada: the 1 January 2026 reset takes prime 6.75% (after the 2025-12-10 cut) + 2%, not 2025 carried forward', () => {
    // The same $50,000 entered 2024-03-10, as of 2026-03-10:
    //   2024-03-10 → 2025-01-01: 1,625.34 + 2,646.58 at 10.50% (above)
    //   2025-01-01 → 2025-07-01: 181 days ×  9.50% → 50,000 × 0.095 × 181/365 = 2,355.48
    //   2025-07-01 → 2026-01-01: 184 days ×  9.50% →                             2,394.52
    //   2026-01-01 → 2026-03-10:  68 days ×  8.75% → 50,000 × 0.0875 × 68/365 =   815.07
    //   total 9,836.99 (prime 7.50% carried into 2026 gave 884.93 for the last period, 9,906.85)
    const nv = accrued('US-NV', { date_entered: '2024-03-10', principal: dec('50000') }, '2026-03-10');
    assert.equal(nv.f.accrued_interest.toFixed(), '9836.99');
    assert.equal(nv.t.periods.at(-1)!.rate_pct!.toFixed(), '8.75');
    // 2026-07-01 has no row: the period carries 2026-01-01 forward, unverified, and says so.
    const later = terms('US-NV', { date_entered: '2024-03-10', as_of: '2026-08-01' });
    assert.match(later.periods.at(-1)!.source, /for 2026-07-01, carried forward/);
    assert.equal(later.periods.at(-1)!.verified, false);
  });

  test('New Jersey: the calendar-year rate, + 2% above the Special Civil Part limit (R. 4:42-11(a)(ii), (iii))', () => {
    // $30,000 entered 2023-06-01 (above the $20,000 limit in force since 2022-07-01), as of 2024-06-01:
    //   2023-06-01 → 2024-01-01: 214 days × (0.50 + 2)% → 30,000 × 0.025 × 214/365 = 439.73
    //   2024-01-01 → 2024-06-01: 152 days × (3.50 + 2)% → 30,000 × 0.055 × 152/365 = 687.12   total 1,126.85
    const nj = accrued('US-NJ', { date_entered: '2023-06-01', principal: dec('30000') }, '2024-06-01');
    assert.equal(nj.f.accrued_interest.toFixed(), '1126.85');
    assert.match(nj.t.periods[0].source, /\+ 2% \(principal above the \$20000 limit/);
    // $10,000 is under the limit: the base rate only.
    const small = terms('US-NJ', { date_entered: '2023-06-01', principal: dec('10000'), as_of: '2023-06-01' });
    assert.equal(small.periods[0].rate_pct!.toFixed(), '0.5');
  });

  test('New Jersey 2025 and 2026: the Notices to the Bar (5.50% and 4.50%, + 2% above $20,000), both read', () => {
    // $30,000 entered 2025-03-01, as of 2026-03-01:
    //   2025-03-01 → 2026-01-01: 306 days × (5.50 + 2)% → 30,000 × 0.075 × 306/365 = 1,886.30
    //   2026-01-01 → 2026-03-01:  59 days × (4.50 + 2)% → 30,000 × 0.065 ×  59/365 =   315.21
    //   total 2,201.51 (2025's 7.50% carried into 2026 gave 363.70 for the last period, 2,250.00)
    const nj = accrued('US-NJ', { date_entered: '2025-03-01', principal: dec('30000') }, '2026-03-01');
    assert.equal(nj.f.accrued_interest.toFixed(), '2201.51');
    assert.deepEqual(
      nj.t.periods.map((p) => [p.rate_pct!.toFixed(), p.verified]),
      [
        ['7.5', true],
        ['6.5', true],
      ],
    );
  });

  test('a changed supplied rate applies from its effective date; the earlier time keeps the earlier rate', () => {
    // 100,000 at 5% from entry 2024-01-01, changed to 8% from 2024-07-01; as of 2025-01-01:
    //   182 days × 5% = 2,493.15; 184 days × 8% = 4,032.88; total 6,526.03
    //   (re-accruing 8% from entry would give 366 × 8% = 8,021.92).
    const history = [
      { from: '2024-01-01', rate_pct: '5', basis: 'court order' },
      { from: '2024-07-01', rate_pct: '8', basis: 'amended order' },
    ];
    const r = accrued(
      'FR-75',
      { supplied: { rate_pct: '8', basis: 'amended order' }, supplied_history: history },
      '2025-01-01',
    );
    assert.equal(r.f.accrued_interest.toFixed(), '6526.03');
    assert.deepEqual(
      r.t.periods.map((p) => [p.from, p.to, p.rate_pct!.toFixed()]),
      [
        ['2024-01-01', '2024-07-01', '5'],
        ['2024-07-01', null, '8'],
      ],
    );
  });

  test('California consumer rate: medical < $200,000, personal debt < $50,000, never fraud or tort (CCP 685.010(a)(2))', () => {
    const ca = (claim_nature: string, principal: string, consumer_debt: boolean | null = true) =>
      terms('US-CA', { claim_nature, principal: dec(principal), consumer_debt, date_entered: '2024-01-01' });
    const rows: [string, string, string][] = [
      ['medical_expenses', '150000', '5'],
      ['medical_expenses', '200000', '10'],
      ['personal_debt', '49999.99', '5'],
      ['personal_debt', '60000', '10'],
      ['fraud', '10000', '10'],
      ['tort', '10000', '10'],
      ['employee_wages', '10000', '10'],
    ];
    for (const [nature, principal, rate] of rows)
      assert.equal(ca(nature, principal).rate_pct!.toFixed(), rate, `${nature} ${principal}`);
    assert.match(ca('medical_expenses', '150000').source, /685\.010\(a\)\(2\)/);
    assert.ok(ca('fraud', '10000').reasons.some((r) => /does not apply to a fraud judgment/.test(r)));
    // Entered before 2023-01-01: the 5% rate does not reach it.
    assert.equal(
      terms('US-CA', {
        claim_nature: 'medical_expenses',
        consumer_debt: true,
        date_entered: '2022-06-01',
      }).rate_pct!.toFixed(),
      '10',
    );
  });

  test('Washington tort judgments bear prime + 2 (RCW 4.56.110(3)(b)), not the 12% of other judgments', () => {
    const tort = terms('US-WA', { claim_nature: 'tort' });
    assert.equal(tort.rate_pct, null);
    assert.equal(tort.citation, 'RCW 4.56.110(3)(b)');
    assert.match(tort.source, /prime rate.*\+ 2 percentage points/);
    assert.equal(tort.review_required, true);
    const supplied = terms('US-WA', { claim_nature: 'tort', supplied: { rate_pct: '10.5', basis: 'prime 8.5% + 2' } });
    assert.match(supplied.source, /RCW 4\.56\.110\(3\)\(b\)/);
    assert.equal(terms('US-WA', { claim_nature: 'contract' }).rate_pct!.toFixed(), '12');
  });

  test("payments follow the forum's allocation rule: CCP 695.220 in California, the US rule elsewhere", () => {
    // $10,000 entered 2024-01-01 with $500 costs; $1,000 recovered 2024-07-01 (182 days).
    const entries: LedgerEntryInput[] = [
      { id: 'e1', type: 'cost', amount: dec('500'), date: '2024-01-01', judgment_id: 'j' },
      { id: 'e2', type: 'recovery', amount: dec('1000'), date: '2024-07-01', judgment_id: 'j' },
    ];
    // California (10%): costs 500, then interest 10,000 × 10% × 182/365 = 498.63, then principal 1.37.
    const ca = accrued('US-CA', { principal: dec('10000') }, '2024-07-01', entries);
    assert.deepEqual(
      [ca.f.costs_paid, ca.f.interest_paid, ca.f.principal_paid].map((x) => x.toFixed()),
      ['500', '498.63', '1.37'],
    );
    assert.match(ca.t.allocation_citation, /695\.220/);
    // New York (9%, no allocation statute of its own): interest 448.77 first, then principal 551.23.
    const ny = accrued('US-NY', { principal: dec('10000') }, '2024-07-01', entries);
    assert.deepEqual(
      [ny.f.costs_paid, ny.f.interest_paid, ny.f.principal_paid].map((x) => x.toFixed()),
      ['0', '448.77', '551.23'],
    );
    assert.match(ny.t.allocation_citation, /Story v\. Livingston/);
  });
});

describe('packet readiness checks the judgment', () => {
  const facts = (over: Partial<JudgmentFacts> = {}): JudgmentFacts => ({
    status: 'validated',
    type: 'standard',
    date_entered: '2024-06-03',
    appeal_stay_status: 'none',
    bankruptcy_status: 'none',
    assignment_status: 'none',
    renewal_deadline: null,
    ...over,
  });
  const readiness = (
    type: ReadinessInput['type'],
    f: JudgmentFacts,
    code = 'US-CA',
    over: Partial<ReadinessInput> = {},
  ) =>
    packetReadiness({
      type,
      packet_type: 'turnover',
      sender_roles: ['counsel'],
      source_types: ['court_order', 'judgment'],
      grant: { basis: 'court_order', source_types: ['court_order'], in_effect: true },
      judgment: {
        present: true,
        status: f.status,
        checks: judgmentEnforceability(f, resolveRules(code), '2025-01-15'),
      },
      wallets: [{ address: '0xabc', category: 'exchange' }],
      recipient: null,
      ...over,
    });

  test('an exchange-turnover packet on a satisfied judgment is not ready', () => {
    const r = readiness('exchange_turnover', facts({ status: 'satisfied' }));
    assert.equal(r.ready, false);
    assert.deepEqual(r.missing_items, ['an unsatisfied judgment (this one is satisfied)']);
    assert.equal(readiness('exchange_turnover', facts()).ready, true);
  });

  test('each enforceability failure is its own named missing item', () => {
    const rows: [string, Partial<JudgmentFacts>, string, string?][] = [
      ['not validated', { status: 'intake' }, 'a validated judgment (run validation until it passes)'],
      ['vacated', { status: 'vacated' }, 'a judgment that is not vacated'],
      [
        'stayed pending appeal',
        { appeal_stay_status: 'stayed' },
        'a judgment no stay bars (wait out or lift the stay)',
      ],
      ['bankruptcy filed', { bankruptcy_status: 'filed' }, 'a judgment no stay bars (wait out or lift the stay)'],
      // US-FED: the 30-day stay of FRCP 62(a); entered 2025-01-02, it runs through 2025-02-03.
      [
        'post-entry stay',
        { date_entered: '2025-01-02' },
        'a judgment no stay bars (wait out or lift the stay)',
        'US-FED-NY',
      ],
      // Illinois: 7 years without revival (735 ILCS 5/12-108): entered 2015-06-01, ended 2022-06-01.
      [
        'expired',
        { date_entered: '2015-06-01' },
        'a judgment within its enforceable period (renew or revive it)',
        'US-IL',
      ],
      [
        'discharged',
        { bankruptcy_status: 'discharged' },
        'a determination that the debt was excepted from discharge (11 U.S.C. § 523)',
      ],
      [
        'assignment not of record',
        { assignment_status: 'assigned_unrecorded' },
        'an acknowledgment of assignment filed with the court (CCP 673, CPLR 5019(c))',
      ],
      ['unconfirmed award', { type: 'arbitration_award' }, 'a judgment confirming the arbitration award'],
    ];
    for (const [what, over, item, code] of rows) {
      const r = readiness('exchange_freeze', facts(over), code);
      assert.equal(r.ready, false, what);
      assert.ok(r.missing_items.includes(item), `${what}: ${r.missing_items.join('; ')}`);
    }
    const recorded = readiness('exchange_freeze', facts({ assignment_status: 'assigned_of_record' }));
    assert.equal(recorded.ready, true);
    assert.ok(recorded.checks.some((c) => c.check === 'assignment_of_record' && c.status === 'pass'));
  });

  test('a law-enforcement referral does not rest on the judgment; counsel-only checks still apply', () => {
    const r = readiness('law_enforcement_referral', facts({ status: 'satisfied' }), 'US-CA', {
      judgment: { present: false, status: null },
      recipient: null,
    });
    assert.ok(!r.missing_items.some((m) => /judgment/.test(m)));
    const notCounsel = readiness('exchange_turnover', facts(), 'US-CA', { sender_roles: ['operator'] });
    assert.deepEqual(notCounsel.missing_items, ['a sender with the counsel role (authorized_sender)']);
  });

  test('an exchange freeze needs no court order where the attorney issues the restraint (CPLR 5222(a), 735 ILCS 5/2-1402)', () => {
    const noOrder = {
      source_types: ['judgment'],
      grant: { basis: 'engagement_letter', source_types: [], in_effect: true },
    };
    for (const code of ['US-NY', 'US-IL', 'US-FED-NY']) {
      const p = resolveRules(code).attorney_issued_process.find((x) =>
        ['restraining_notice', 'citation_to_discover_assets'].includes(x.tool),
      )!;
      const r = readiness('exchange_freeze', facts(), code, { ...noOrder, attorney_restraint: p });
      assert.equal(r.ready, true, `${code}: ${r.missing_items.join('; ')}`);
      assert.match(r.checks.find((c) => c.check === 'court_order')!.reason, /5222\(a\)|2-1402/);
    }
    const ca = readiness('exchange_freeze', facts(), 'US-CA', { ...noOrder, attorney_restraint: null });
    assert.deepEqual(ca.missing_items, ['a court_order source, or a court_order authority grant']);
  });
});

describe('the plan', () => {
  const index = buildWalletIndex(
    { labelsCsv: readFileSync('data/labels/evm_exchange_and_risk_labels.csv', 'utf8') },
    addressIndex(),
  );
  const gates = evaluateGates(baseGateInput()).gates;
  const COINBASE = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
  const plan = (code: string, judgment: Partial<PlanInput['judgment']> = {}, over: Partial<PlanInput> = {}) =>
    buildEnforcementPlan({
      today: '2025-01-15',
      judgment: {
        judgment_id: 'jdg_1',
        date_entered: '2024-06-03',
        type: 'standard',
        status: 'validated',
        debtor: 'Doe',
        appeal_stay_status: 'none',
        bankruptcy_status: 'none',
        ...judgment,
      },
      rules: resolveRules(code),
      claimants: [{ name: 'Acme', role: 'creditor' }],
      profile: 'assertive',
      constraints: {
        consumer_debt: false,
        bankruptcy_known: false,
        appeal_stay_known: false,
        sanctions_review_required: false,
      },
      wallets: [classifyWallet(index, COINBASE)],
      exchanges: [],
      gates,
      deadlines: [],
      ...over,
    });
  const types = (p: ReturnType<typeof plan>) => p.priority_actions.map((a) => a.type);
  const blocked = (p: ReturnType<typeof plan>, type: string) => p.blocked_actions.find((a) => a.type === type);

  test('a federal judgment is registered where the exchange is (28 U.S.C. § 1963); a state one domesticated (UEFJA)', () => {
    const fed = plan('US-FED-CA');
    const reg = fed.priority_actions.find((a) => a.type === 'register_judgment')!;
    assert.match(reg.legal_basis, /28 U\.S\.C\. § 1963/);
    assert.match(reg.title, /Delaware/);
    const state = plan('US-CA', {}, { wallets: [], exchanges: [{ name: 'Gemini', known: false }] });
    const dom = state.priority_actions.find((a) => a.type === 'domesticate_judgment')!;
    assert.match(dom.title, /New York/);
    assert.match(dom.legal_basis, /CPLR 5401-5408 \(Uniform Enforcement of Foreign Judgments Act\)/);
    // Same state as the forum: nothing to domesticate.
    assert.ok(
      !types(plan('US-NY', {}, { wallets: [], exchanges: [{ name: 'Gemini', known: true }] })).includes(
        'domesticate_judgment',
      ),
    );
  });

  test('an offshore exchange is flagged: no US registration route', () => {
    const p = plan('US-FED-NY', {}, { wallets: [], exchanges: [{ name: 'Binance', known: true }] });
    assert.ok(types(p).includes('foreign_recognition'));
    assert.ok(!types(p).includes('register_judgment'));
    assert.ok(p.review_reasons.some((r) => /Binance is offshore/.test(r)));
  });

  test('registration waits out every stay: bankruptcy, appeal and the post-entry stay', () => {
    const cases: [string, Partial<PlanInput['judgment']>, Partial<PlanInput>][] = [
      ['bankruptcy filed', { bankruptcy_status: 'filed' }, {}],
      [
        'bankruptcy known',
        {},
        {
          constraints: {
            consumer_debt: false,
            bankruptcy_known: true,
            appeal_stay_known: false,
            sanctions_review_required: false,
          },
        },
      ],
      ['appeal stay', { appeal_stay_status: 'stayed' }, {}],
      ['post-entry stay', { date_entered: '2025-01-02' }, {}],
    ];
    for (const [what, j, over] of cases) {
      const p = plan('US-FED-CA', j, over);
      assert.ok(!types(p).includes('register_judgment'), what);
      assert.ok(blocked(p, 'register_judgment'), what);
    }
  });

  test('an exchange freeze uses attorney-issued process where the forum has it', () => {
    const ny = plan('US-NY').priority_actions.find((a) => a.type === 'exchange_freeze')!;
    assert.match(ny.title, /attorney-issued restraining notice/);
    assert.match(ny.legal_basis, /CPLR 5222\(a\)/);
    const il = plan('US-IL').priority_actions.find((a) => a.type === 'exchange_freeze')!;
    assert.match(il.legal_basis, /2-1402/);
    const ca = plan('US-CA').priority_actions.find((a) => a.type === 'exchange_freeze')!;
    assert.doesNotMatch(ca.title, /attorney-issued/);
  });

  test('bankruptcy: the 60-day non-dischargeability deadline for a fraud judgment (§ 523(c), Rule 4007(c))', () => {
    const p = plan(
      'US-CA',
      { bankruptcy_status: 'filed', claim_nature: 'fraud' },
      {
        constraints: {
          consumer_debt: false,
          bankruptcy_known: false,
          appeal_stay_known: false,
          sanctions_review_required: false,
          bankruptcy_meeting_date: '2025-01-10',
        },
      },
    );
    const step = p.priority_actions.find((a) => a.type === 'nondischargeability_complaint')!;
    // 2025-01-10 + 60 days = 2025-03-11.
    assert.match(step.title, /by 2025-03-11/);
    assert.match(step.legal_basis, /523\(c\).*4007\(c\)/);
    assert.equal(step.priority, 'urgent');
    assert.ok(blocked(p, 'exchange_freeze'));
    // Without the § 341 date the plan asks for it.
    const unknown = plan('US-CA', { bankruptcy_status: 'filed', claim_nature: 'fraud' });
    assert.ok(unknown.review_reasons.some((r) => /4007\(c\).*341/.test(r)));
    // A contract judgment gets no such step.
    assert.ok(
      !types(plan('US-CA', { bankruptcy_status: 'filed', claim_nature: 'contract' })).includes(
        'nondischargeability_complaint',
      ),
    );
  });

  test('stay_lifted does not pass collection blindly; discharged does not block liens that survive in rem', () => {
    const lifted = plan('US-CA', { bankruptcy_status: 'stay_lifted' });
    assert.ok(lifted.review_reasons.some((r) => /362\(d\)/.test(r)));
    assert.match(lifted.priority_actions.find((a) => a.type === 'exchange_freeze')!.rationale, /362\(d\)/);
    const discharged = plan('US-CA', { bankruptcy_status: 'discharged' });
    const lien = discharged.priority_actions.find((a) => a.type === 'enforce_lien_in_rem')!;
    assert.match(lien.legal_basis, /Johnson v\. Home State Bank/);
    assert.match(blocked(discharged, 'exchange_freeze')!.reason, /524\(a\)\(2\)/);
  });

  test('exemptions apply to any natural-person debtor; informal holds on consumer debts are flagged (§ 1692c(b))', () => {
    const person = plan('US-CA', { debtor_type: 'natural_person' });
    const ex = person.priority_actions.find((a) => a.type === 'exemption_review')!;
    assert.match(ex.legal_basis, /15 U\.S\.C\. § 1673.*31 CFR Part 212.*703\.010/);
    assert.ok(!types(plan('US-CA', { debtor_type: 'entity' })).includes('exemption_review'));
    const consumer = plan(
      'US-CA',
      { debtor_type: 'natural_person' },
      {
        constraints: {
          consumer_debt: true,
          bankruptcy_known: false,
          appeal_stay_known: false,
          sanctions_review_required: false,
        },
      },
    );
    assert.match(consumer.priority_actions.find((a) => a.type === 'exchange_intercept')!.rationale, /1692c\(b\)/);
    assert.ok(consumer.review_reasons.some((r) => /1692c\(b\)/.test(r)));
  });

  test('an assignment must be filed of record, and an arbitration award confirmed, before collection', () => {
    const assigned = plan('US-CA', { assignment_status: 'assigned_unrecorded' });
    assert.ok(types(assigned).includes('record_assignment'));
    assert.equal(blocked(assigned, 'exchange_freeze')!.blocked_by, 'assignment');
    assert.ok(!plan('US-CA', { assignment_status: 'assigned_of_record' }).blocked_actions.length);
    const award = plan('US-CA', { type: 'arbitration_award' });
    assert.match(award.priority_actions.find((a) => a.type === 'confirm_award')!.legal_basis, /9 U\.S\.C\. §§ 9/);
    assert.equal(blocked(award, 'exchange_freeze')!.blocked_by, 'award_unconfirmed');
  });
});
