/**
 * Unit tests of the pure judgment domain (no server): jurisdiction rules, deadlines, interest
 * terms, the ledger engine, the readiness gates, wallet classification and the plan engine.
 * Every figure is hand-computed in the comments (actual/365, rounding half-up to the cent at
 * each ledger event).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveRules } from '../src/server/domain/judgments/jurisdiction-rules';
import { computeDeadlines, periodLastDay, type DeadlineInput } from '../src/server/domain/judgments/deadlines';
import { addYears, daysBetween, rollPastWeekend } from '../src/server/domain/judgments/dates';
import { dec } from '../src/server/domain/judgments/decimal';
import { interestTerms } from '../src/server/domain/judgments/interest-terms';
import {
  computeLedger,
  operatorShare,
  type LedgerEntryInput,
  type LedgerJudgment,
} from '../src/server/domain/judgments/ledger-engine';
import { evaluateGates, GATE_NAMES, type GateInput } from '../src/server/domain/judgments/validation-gates';
import { baseGateInput } from './helpers/gate-input';
import { allowedMoves, moveBlocker, statusAfterValidation } from '../src/server/domain/judgments/judgment-status';
import { parseAddress } from '../src/server/domain/judgments/wallet-address';
import { buildWalletIndex, classifyWallet } from '../src/server/domain/judgments/wallet-index';
import { buildEnforcementPlan, type PlanInput } from '../src/server/domain/judgments/enforcement-plan';
import type { ScreenMatch } from '../src/server/domain/sanctions/screen';
import { addressIndex } from '../src/server/services/sanctions/address-data';
import { parseCsv } from '../src/server/domain/judgments/csv';

/** A fuzzy (potential) SDN name match of the debtor, as the shared screening reports it. */
const nameMatch = (sdn_id: string, sdn_name: string, matched: string, score: number): ScreenMatch => ({
  subject: 'Dana Doe',
  subject_type: 'entity',
  list: 'OFAC SDN list',
  list_date: '2024-05-03',
  sdn_name,
  programs: ['CUBA'],
  match_type: 'fuzzy',
  score,
  sdn_id,
  sdn_type: 'entity',
  matched,
  network: null,
  assets: [],
});

const deadlinesOf = (code: string, entered: string, over: Partial<DeadlineInput> = {}) =>
  Object.fromEntries(
    computeDeadlines({
      rules: resolveRules(code),
      date_entered: entered,
      judgment_type: 'standard',
      consumer_debt: false,
      renewal_override: null,
      today: '2025-01-15',
      ...over,
    }).map((d) => [d.kind, d]),
  );

describe('jurisdiction rules', () => {
  test('known states, federal courts take stay/interest from § 1961 and life from the forum state', () => {
    const ca = resolveRules('us-ca');
    assert.equal(ca.code, 'US-CA');
    assert.equal(ca.known, true);
    assert.equal(ca.life?.years, 10);
    assert.equal(ca.interest?.rate_pct, '10');
    assert.deepEqual(ca.review_reasons, []);
    const fed = resolveRules('US-FED-NY');
    assert.equal(fed.federal, true);
    assert.equal(fed.forum_state, 'US-NY');
    assert.equal(fed.life?.years, 20);
    assert.equal(fed.stay?.days, 30);
    assert.equal(fed.interest?.method, 'index');
    assert.equal(fed.interest?.compounding, 'annual');
    assert.match(fed.interest!.citation, /1961/);
    assert.equal(fed.sources.life, 'US-NY');
    assert.equal(fed.sources.interest, 'US-FED');
  });

  test('unknown codes and unknown forum states are accepted but flagged; verified:false rows flag review', () => {
    const xx = resolveRules('FR-75');
    assert.equal(xx.known, false);
    assert.equal(xx.life, null);
    assert.equal(xx.review_reasons.length, 1);
    const fedZz = resolveRules('US-FED-ZZ');
    assert.equal(fedZz.stay?.days, 30);
    assert.equal(fedZz.life, null);
    assert.match(fedZz.review_reasons[0], /US-ZZ is not in/);
    for (const code of ['US-DE', 'US-WA']) {
      const r = resolveRules(code);
      assert.equal(r.verified, false);
      assert.match(r.review_reasons[0], /verified:false/);
    }
  });
});

describe('deadlines', () => {
  test('California: renewal application before the 10-year period ends (CCP 683.020, 683.130); enforceable on entry', () => {
    // Entered 2020-02-29: the 10th anniversary is 2030-02-28 (no 29th), so the last day is 2030-02-27.
    const d = deadlinesOf('US-CA', '2020-02-29');
    assert.equal(d.renewal.date, '2030-02-27');
    assert.equal(d.renewal.type, 'renewal');
    assert.match(d.renewal.legal_basis!, /683\.110/);
    assert.equal(d.automatic_stay_end, undefined, 'CA judgments are enforceable on entry (CCP 683.010)');
    assert.equal(d.enforcement_period_end, undefined, 'the renewal date is the end of the period');
  });

  test('New York: lien renewal action in the year before the 10-year lien lapses; 20-year life (CPLR 5014, 5203, 211(b))', () => {
    const d = deadlinesOf('US-NY', '2023-06-15');
    assert.equal(d.renewal.date, '2033-06-14');
    assert.equal(d.renewal.window_opens, '2032-06-15');
    assert.equal(d.enforcement_period_end.date, '2043-06-14');
    assert.equal(d.automatic_stay_end, undefined, 'no automatic post-entry stay recorded for NY');
  });

  test('Texas: writ within 10 years, revival within 2 years of dormancy, 30-day stay rolled past a weekend', () => {
    // Entered 2024-03-15: +30 days = Sunday 2024-04-14 → Monday 2024-04-15 (TRCP 627).
    const d = deadlinesOf('US-TX', '2024-03-15');
    assert.equal(d.renewal.date, '2034-03-14');
    assert.equal(
      d.revival_last_day.date,
      '2036-03-14',
      'dormant from 2034-03-15, revive by the 2nd anniversary (CPRC 31.006)',
    );
    assert.equal(d.automatic_stay_end.date, '2024-04-15');
    assert.equal(d.automatic_stay_end.type, 'monitoring');
  });

  test('Federal court in New York: FRCP 62(a) 30-day stay, New York life', () => {
    // Entered 2023-03-01 + 30 days = Friday 2023-03-31.
    const d = deadlinesOf('US-FED-NY', '2023-03-01');
    assert.equal(d.automatic_stay_end.date, '2023-03-31');
    assert.match(d.automatic_stay_end.legal_basis!, /62\(a\)/);
    assert.equal(d.renewal.date, '2033-02-28');
    assert.equal(d.enforcement_period_end.date, '2043-02-28');
  });

  test('windows, dormancy, consumer variants, exemptions, resets and overrides', () => {
    const nv = deadlinesOf('US-NV', '2024-03-15');
    assert.equal(nv.renewal.date, '2030-03-14');
    assert.equal(nv.renewal.window_opens, '2029-12-15', '90 days before 2030-03-15 (NRS 17.214)');
    assert.equal(nv.automatic_stay_end.review_required, true, 'NV runs from notice of entry');
    assert.equal(nv.interest_rate_reset.date, '2025-07-01', 'next 1 Jan / 1 Jul reset after 2025-01-15');
    const il = deadlinesOf('US-IL', '2021-05-01', { consumer_debt: true });
    assert.equal(il.renewal.window_opens, '2027-05-01', 'petition in the 7th year');
    assert.equal(il.revival_last_day.date, '2031-04-30', 'consumer judgments after 2020: revive within 10 years');
    assert.equal(deadlinesOf('US-IL', '2021-05-01', { consumer_debt: null }).revival_last_day.review_required, true);
    const gaDefault = deadlinesOf('US-GA', '2024-01-02', { judgment_type: 'default' });
    assert.equal(gaDefault.automatic_stay_end, undefined, 'GA default judgments are not stayed (O.C.G.A. 9-11-62(a))');
    assert.equal(deadlinesOf('US-GA', '2024-01-02').automatic_stay_end.date, '2024-01-12');
    const de = deadlinesOf('US-DE', '2024-01-02');
    assert.equal(de.dormancy.date, '2029-01-01');
    assert.ok(
      Object.values(de).every((x) => x.review_required),
      'DE is verified:false',
    );
    const unknown = deadlinesOf('FR-75', '2024-01-02');
    assert.equal(unknown.renewal.date, null);
    assert.equal(unknown.renewal.review_required, true);
    const over = deadlinesOf('US-CA', '2020-01-10', { renewal_override: '2035-01-09' });
    assert.equal(over.renewal.date, '2035-01-09');
    assert.equal(over.renewal.source, 'user');
  });

  test('date helpers', () => {
    assert.equal(addYears('2024-02-29', 1), '2025-02-28');
    assert.equal(periodLastDay('2024-01-01', 10), '2033-12-31');
    assert.equal(daysBetween('2024-01-01', '2025-01-01'), 366);
    assert.equal(rollPastWeekend('2024-04-13'), '2024-04-15');
  });
});

describe('interest terms', () => {
  const terms = (code: string, over: Partial<Parameters<typeof interestTerms>[0]> = {}) =>
    interestTerms({
      rules: resolveRules(code),
      date_entered: '2024-01-10',
      principal: dec('10000'),
      consumer_debt: false,
      supplied: null,
      ...over,
    });

  test('fixed statutory rates: CA 10% simple, NY 9% simple (compounding unverified → review)', () => {
    const ca = terms('US-CA');
    assert.equal(ca.rate_pct!.toFixed(), '10');
    assert.equal(ca.compounding, 'simple');
    assert.equal(ca.review_required, false);
    const ny = terms('US-NY');
    assert.equal(ny.rate_pct!.toFixed(), '9');
    assert.equal(ny.review_required, true);
  });

  test('consumer variants and their conditions', () => {
    assert.equal(terms('US-CA', { consumer_debt: true }).rate_pct!.toFixed(), '5');
    const big = terms('US-CA', { consumer_debt: true, principal: dec('60000') });
    assert.equal(big.rate_pct!.toFixed(), '5');
    assert.equal(big.review_required, true, '5% above $50,000 only for medical debt');
    assert.equal(
      terms('US-CA', { consumer_debt: true, date_entered: '2022-06-01' }).rate_pct!.toFixed(),
      '10',
      'SB 1200 applies from 2023',
    );
    assert.equal(terms('US-CA', { consumer_debt: true, principal: dec('250000') }).rate_pct!.toFixed(), '10');
    const ny = terms('US-NY', { consumer_debt: true });
    assert.equal(ny.rate_pct!.toFixed(), '2');
    assert.equal(ny.method, 'statutory_consumer');
    const unknownConsumer = terms('US-IL', { consumer_debt: null });
    assert.equal(unknownConsumer.rate_pct!.toFixed(), '9');
    assert.equal(unknownConsumer.review_required, true);
    assert.equal(terms('US-IL', { consumer_debt: true, principal: dec('25000') }).rate_pct!.toFixed(), '5');
    assert.equal(terms('US-IL', { consumer_debt: true, principal: dec('25000.01') }).rate_pct!.toFixed(), '9');
  });

  test('index rates need a supplied rate; without one the rate is unknown and review is required', () => {
    const fed = terms('US-FED-NY');
    assert.equal(fed.rate_pct, null);
    assert.equal(fed.method, 'unknown');
    assert.equal(fed.review_required, true);
    const supplied = terms('US-FED-NY', {
      supplied: { rate_pct: '4.74', basis: '1-year CMT, week ending 2024-01-05' },
    });
    assert.equal(supplied.rate_pct!.toFixed(), '4.74');
    assert.equal(supplied.compounding, 'annual');
    assert.equal(supplied.review_required, false);
    assert.match(supplied.source, /1-year CMT.*1961/);
    const tx = terms('US-TX', { supplied: { rate_pct: '16', basis: 'prime' } });
    assert.equal(tx.review_required, true);
    assert.ok(tx.reasons.some((r) => /cap of 15%/.test(r)));
    const unknown = terms('FR-75', { supplied: { rate_pct: '3', basis: 'court order' } });
    assert.equal(unknown.rate_pct!.toFixed(), '3');
    assert.equal(unknown.review_required, true);
  });
});

describe('ledger engine', () => {
  const J = (over: Partial<LedgerJudgment> = {}): LedgerJudgment => ({
    id: 'j1',
    principal: dec('10000'),
    start: '2024-01-01',
    rate_pct: dec('10'),
    compounding: 'simple',
    allocation: ['interest', 'principal', 'costs'],
    ...over,
  });
  const E = (
    id: string,
    type: LedgerEntryInput['type'],
    amount: string,
    date: string,
    judgment_id: string | null = 'j1',
  ): LedgerEntryInput => ({ id, type, amount: dec(amount), date, judgment_id });
  const fx = (v: { toFixed(): string }) => v.toFixed();

  test('California 10% simple with a recovery applied interest first', () => {
    // 2024-01-01 → 2024-04-10 = 100 days: 10,000 × 10% × 100/365 = 273.9726… → 273.97.
    // The 1,000 recovery pays 273.97 interest, then 726.03 principal → principal 9,273.97.
    // 2024-04-10 → 2024-12-31 = 265 days: 9,273.97 × 10% × 265/365 = 673.3155… → 673.32.
    const { totals } = computeLedger({
      currency: 'USD',
      as_of: '2024-12-31',
      judgments: [J()],
      entries: [E('a', 'recovery', '1000', '2024-04-10')],
    });
    assert.equal(fx(totals.accrued_interest), '947.29');
    assert.equal(fx(totals.interest_paid), '273.97');
    assert.equal(fx(totals.principal_paid), '726.03');
    assert.equal(fx(totals.balance_outstanding), '9947.29', '10,000 + 947.29 − 1,000');
  });

  test('principal-first allocation would accrue less interest: the order matters', () => {
    // Same facts with principal first: principal 9,000 from 2024-04-10 → 9,000 × 10% × 265/365 = 653.42.
    const { totals } = computeLedger({
      currency: 'USD',
      as_of: '2024-12-31',
      judgments: [J({ allocation: ['principal', 'interest', 'costs'] })],
      entries: [E('a', 'recovery', '1000', '2024-04-10')],
    });
    assert.equal(fx(totals.accrued_interest), '927.39', '273.97 + 653.42');
    assert.equal(fx(totals.principal_paid), '1000');
  });

  test('annual compounding (28 U.S.C. § 1961(b)): 100,000 at 4.74% for two years', () => {
    // Year 1 (2023-03-01 → 2024-03-01, 366 days): 100,000 × 4.74% × 366/365 = 4,752.986… → 4,752.99.
    // Year 2 (365 days) on 104,752.99: × 4.74% = 4,965.29. Total 9,718.28 (simple would be 9,492.99).
    const { totals } = computeLedger({
      currency: 'USD',
      as_of: '2025-03-01',
      judgments: [J({ principal: dec('100000'), start: '2023-03-01', rate_pct: dec('4.74'), compounding: 'annual' })],
      entries: [],
    });
    assert.equal(fx(totals.accrued_interest), '9718.28');
  });

  test('a matter-level recovery pays the oldest judgment first, interest first', () => {
    // J1 5,000 from 2024-01-01: 60 days → 82.19; J2 3,000 from 2024-02-01: 29 days → 23.84.
    // 5,500 pays J1 82.19 + 5,000, then J2 23.84 interest and 393.97 principal.
    const { totals, per_judgment } = computeLedger({
      currency: 'USD',
      as_of: '2024-03-01',
      judgments: [J({ id: 'j2', principal: dec('3000'), start: '2024-02-01' }), J({ principal: dec('5000') })],
      entries: [E('r', 'recovery', '5500', '2024-03-01', null)],
    });
    assert.equal(fx(per_judgment.get('j1')!.balance_outstanding), '0');
    assert.equal(fx(per_judgment.get('j2')!.principal_paid), '393.97');
    assert.equal(fx(totals.balance_outstanding), '2606.03', '8,000 + 106.03 − 5,500');
  });

  test('costs, fees, distributions, adjustments, overpayment and no float drift', () => {
    const { totals } = computeLedger({
      currency: 'USD',
      as_of: '2024-06-01',
      judgments: [J({ rate_pct: null, principal: dec('0.3') })],
      entries: [
        E('a', 'cost', '0.1', '2024-02-01'),
        E('b', 'cost', '0.2', '2024-02-02'),
        E('c', 'recovery', '0.1', '2024-03-01'),
        E('d', 'recovery', '0.2', '2024-03-02'),
        E('e', 'distribution', '0.1', '2024-03-03'),
        E('f', 'fee', '0.05', '2024-03-03'),
        E('g', 'adjustment', '-0.1', '2024-03-04'),
      ],
    });
    // In floats 0.1 + 0.2 = 0.30000000000000004; here every sum is exact.
    assert.equal(fx(totals.costs), '0.3');
    assert.equal(fx(totals.recovered), '0.3');
    assert.equal(fx(totals.judgment_principal), '0.2');
    assert.equal(fx(totals.balance_outstanding), '0.2', '0.2 principal + 0.3 costs − 0.3 recovered');
    assert.equal(fx(totals.distributed), '0.1');
    assert.equal(fx(totals.fees), '0.05');
    const over = computeLedger({
      currency: 'USD',
      as_of: '2024-06-01',
      judgments: [J({ rate_pct: null, principal: dec('100') })],
      entries: [E('a', 'recovery', '150.5', '2024-02-01')],
    });
    assert.equal(fx(over.totals.balance_outstanding), '0');
    assert.equal(fx(over.totals.overpayment), '50.5');
    assert.equal(operatorShare(dec('1000.10'), 25, 'USD').toFixed(), '250.03', '250.025 rounds half-up');
  });
});

describe('validation gates', () => {
  const statuses = (i: GateInput) => Object.fromEntries(evaluateGates(i).gates.map((g) => [g.gate, g.status]));
  const onlyFailing = (i: GateInput) =>
    evaluateGates(i)
      .gates.filter((g) => g.status !== 'pass')
      .map((g) => `${g.gate}:${g.status}`);

  test('all gates pass → enforcement_ready', () => {
    const r = evaluateGates(baseGateInput());
    assert.deepEqual(
      r.gates.map((g) => g.gate),
      [...GATE_NAMES],
    );
    assert.ok(
      r.gates.every((g) => g.status === 'pass'),
      JSON.stringify(r.gates),
    );
    assert.equal(r.enforcement_ready, true);
    assert.equal(r.review_required, false);
    assert.deepEqual(r.missing_items, []);
  });

  test('each gate fails on its own', () => {
    const cases: [string, (i: GateInput) => void][] = [
      [
        'authority:fail',
        (i) => {
          i.authority = { status: 'revoked', basis: null, granted_by: null };
        },
      ],
      [
        'stay_appeal:fail',
        (i) => {
          i.judgment.appeal_stay_status = 'stayed';
        },
      ],
      [
        'bankruptcy:fail',
        (i) => {
          i.judgment.bankruptcy_status = 'filed';
        },
      ],
      [
        'consumer_commercial:review',
        (i) => {
          i.consumer_debt = null;
        },
      ],
      [
        'required_documents:fail',
        (i) => {
          i.judgment.source_refs = [];
        },
      ],
      [
        'judgment_life:fail',
        (i) => {
          i.judgment.date_entered = '2014-01-10';
        },
      ],
      [
        'sanctions:fail',
        (i) => {
          i.sanctions.recorded = { paused: true, unresolved: 1, screens: 1 };
        },
      ],
    ];
    for (const [expected, mutate] of cases) {
      const i = baseGateInput();
      mutate(i);
      assert.deepEqual(onlyFailing(i), [expected]);
      assert.equal(evaluateGates(i).enforcement_ready, false);
    }
  });

  test('gate details: automatic stay, assignee documents, dormancy, unknown facts never pass silently', () => {
    const stay = baseGateInput();
    stay.rules = resolveRules('US-FED-NY');
    stay.judgment.date_entered = '2025-01-02';
    const s = evaluateGates(stay).gates.find((g) => g.gate === 'stay_appeal')!;
    assert.equal(s.status, 'fail');
    assert.match(s.reasons.join(' '), /until 2025-02-03/, '2025-01-02 + 30 = Saturday 2025-02-01 → Monday');
    const known = baseGateInput();
    known.bankruptcy_known = true;
    assert.deepEqual(onlyFailing(known), ['bankruptcy:fail']);
    const appeal = baseGateInput();
    appeal.appeal_stay_known = true;
    assert.deepEqual(onlyFailing(appeal), ['stay_appeal:fail']);
    const ma = baseGateInput();
    ma.rules = resolveRules('US-MA');
    ma.judgment.appeal_stay_status = 'appeal_pending';
    assert.equal(statuses(ma).stay_appeal, 'fail', 'in MA an appeal stays execution');
    const assignee = baseGateInput();
    assignee.claimants.push({ name: 'Buyer LLC', role: 'assignee', source_refs: [] });
    const r = evaluateGates(assignee);
    assert.equal(statuses(assignee).required_documents, 'fail');
    assert.ok(r.missing_items.some((m) => /assignment.*Buyer LLC/.test(m)));
    assignee.claimants[1].source_refs = [{ source_type: 'assignment' }];
    assert.equal(statuses(assignee).required_documents, 'pass');
    const tx = baseGateInput();
    tx.rules = resolveRules('US-TX');
    tx.judgment.date_entered = '2014-06-01';
    const life = evaluateGates(tx).gates.find((g) => g.gate === 'judgment_life')!;
    assert.equal(life.status, 'fail');
    assert.match(life.reasons.join(' '), /dormant since 2024-06-01.*revived until 2026-05-31/);
    tx.judgment.renewal_deadline = '2034-05-20';
    assert.equal(statuses(tx).judgment_life, 'pass', 'a later writ recorded as renewal_deadline keeps it alive');
    const potential = baseGateInput();
    potential.sanctions.debtor.matches = [nameMatch('306', 'BANCO NACIONAL DE CUBA', 'BNCO NACIONAL DE CUBA', 0.97)];
    assert.deepEqual(onlyFailing(potential), ['sanctions:review']);
    const unknown = baseGateInput();
    unknown.rules = resolveRules('FR-75');
    assert.equal(statuses(unknown).judgment_life, 'review');
    const consumer = baseGateInput();
    consumer.consumer_debt = true;
    const c = evaluateGates(consumer);
    assert.equal(c.enforcement_ready, true);
    assert.equal(c.review_required, true, 'consumer debt adds review');
    assert.ok(c.gates.find((g) => g.gate === 'consumer_commercial')!.required_actions.some((a) => /1692g/.test(a)));
    const partial = baseGateInput();
    partial.checks = ['bankruptcy'];
    const p = evaluateGates(partial);
    assert.equal(p.gates.length, 1);
    assert.equal(p.enforcement_ready, false, 'a partial run is never enforcement-ready');
  });

  test('status machine', () => {
    assert.deepEqual(allowedMoves('validated'), ['enforcing', 'stayed', 'vacated']);
    assert.deepEqual(allowedMoves('vacated'), []);
    assert.match(moveBlocker('intake', 'validated', { latestValidation: null, stayedAt: null })!, /passing validation/);
    const stayedAt = new Date('2025-01-10T00:00:00Z');
    assert.match(
      moveBlocker('stayed', 'needs_review', {
        latestValidation: { ready: false, at: new Date('2025-01-09T00:00:00Z') },
        stayedAt,
      })!,
      /re-validation/,
    );
    assert.equal(
      moveBlocker('stayed', 'needs_review', {
        latestValidation: { ready: false, at: new Date('2025-01-11T00:00:00Z') },
        stayedAt,
      }),
      null,
    );
    assert.equal(
      statusAfterValidation('intake', { ready: true, partial: false, anyFail: false, stayHolds: false }),
      'validated',
    );
    assert.equal(
      statusAfterValidation('stayed', { ready: false, partial: false, anyFail: true, stayHolds: true }),
      'stayed',
    );
    assert.equal(
      statusAfterValidation('enforcing', { ready: false, partial: false, anyFail: true, stayHolds: false }),
      'enforcing',
    );
  });
});

describe('wallets', () => {
  test('address validation: EIP-55, Bitcoin base58check and bech32/bech32m, Tron', () => {
    const ok = (a: string, network: string, type: string | null) => {
      const p = parseAddress(a);
      assert.equal(p.valid, true, `${a}: ${p.note}`);
      assert.equal(p.network, network);
      assert.equal(p.address_type, type);
    };
    ok('0x52908400098527886E0F7030069857D2E4169EE7', 'evm', 'account');
    ok('0xde709f2102306220921060314715629080e2fb77', 'evm', 'account');
    assert.equal(
      parseAddress('0xDE709F2102306220921060314715629080E2FB77').address,
      '0xde709f2102306220921060314715629080e2fb77',
      'single-case input is checksummed (all digits here)',
    );
    assert.equal(parseAddress('0x52908400098527886E0F7030069857D2E4169Ee7').valid, false, 'bad EIP-55 checksum');
    ok('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bitcoin', 'p2pkh');
    ok('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bitcoin', 'p2sh');
    ok('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bitcoin', 'p2wpkh');
    ok('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', 'bitcoin', 'p2tr');
    assert.equal(parseAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb').valid, false);
    assert.equal(parseAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx').valid, false);
    ok('TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre', 'tron', 'account');
    assert.equal(parseAddress('TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLrf').valid, false);
    assert.equal(parseAddress('hello').network, 'unknown');
  });

  test('csv reader handles quoted fields', () => {
    assert.deepEqual(parseCsv('a,b\r\n"x, ""y""",2\n'), [{ a: 'x, "y"', b: '2' }]);
  });

  test('classification against the shipped OFAC list and exchange labels', () => {
    const index = buildWalletIndex(
      { labelsCsv: readFileSync('data/labels/evm_exchange_and_risk_labels.csv', 'utf8') },
      addressIndex(),
    );
    const cb = classifyWallet(index, '0x02466e547bfdab679fc49e96bbfc62b9747d997c');
    assert.equal(cb.category, 'exchange');
    assert.equal(cb.exchange, 'coinbase');
    assert.equal(cb.address, '0x02466E547BFDAb679fC49e96bBfc62B9747D997C');
    const suex = classifyWallet(index, '0x19Aa5Fe80D33a56D56c78e82eA5E50E5d80b4Dff');
    assert.equal(suex.category, 'sanctioned');
    assert.equal(suex.ofac[0].sdn_name, 'SUEX OTC, S.R.O.');
    assert.equal(classifyWallet(index, 'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre').category, 'sanctioned');
    assert.equal(classifyWallet(index, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').category, 'unlabeled');
    assert.ok(index.exchanges.has('kraken'));
  });
});

describe('enforcement plan', () => {
  const index = buildWalletIndex(
    { labelsCsv: readFileSync('data/labels/evm_exchange_and_risk_labels.csv', 'utf8') },
    addressIndex(),
  );
  const gates = evaluateGates(baseGateInput()).gates;
  const plan = (over: Partial<PlanInput> = {}, wallets: string[] = []) =>
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
      },
      rules: resolveRules('US-NY'),
      claimants: [{ name: 'Acme', role: 'creditor' }],
      profile: 'measured',
      constraints: {
        consumer_debt: false,
        bankruptcy_known: false,
        appeal_stay_known: false,
        sanctions_review_required: false,
      },
      wallets: wallets.map((w) => classifyWallet(index, w)),
      exchanges: [],
      gates,
      deadlines: [],
      ...over,
    });
  const COINBASE = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
  const SUEX = '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff';

  test('known exchange wallet: legal process now, freeze at assertive, turnover at maximum_lawful', () => {
    const measured = plan({}, [COINBASE]);
    const types = measured.priority_actions.map((a) => a.type);
    const vasp = measured.priority_actions.find((a) => a.type === 'vasp_legal_process')!;
    assert.equal(vasp.packet_type, 'vasp_legal_process');
    assert.equal(vasp.target.value, 'coinbase');
    assert.match(vasp.rationale, /Coinbase 8/);
    assert.match(vasp.legal_basis, /CPLR 5224/);
    assert.ok(!types.includes('exchange_freeze'));
    assert.deepEqual(measured.blocked_actions, []);
    const assertive = plan({ profile: 'assertive' }, [COINBASE]).priority_actions.map((a) => a.type);
    assert.ok(
      assertive.includes('exchange_freeze') &&
        assertive.includes('exchange_intercept') &&
        !assertive.includes('exchange_turnover'),
    );
    const max = plan({ profile: 'maximum_lawful' }, [COINBASE]);
    assert.equal(max.pressure_level, 3);
    const turnover = max.priority_actions.find((a) => a.type === 'exchange_turnover')!;
    assert.equal(turnover.packet_type, 'exchange_turnover');
    assert.match(turnover.legal_basis, /CPLR 5225/);
    assert.deepEqual(plan({ profile: 'maximum_lawful' }, [COINBASE]), max, 'deterministic');
  });

  test('OFAC-listed wallet: moves blocked for a license, restraint and discovery stay, review called for', () => {
    const p = plan({ profile: 'maximum_lawful' }, [SUEX, COINBASE]);
    const first = p.priority_actions[0];
    assert.equal(first.type, 'sanctions_review');
    assert.equal(first.packet_type, 'sanctions_review');
    assert.equal(first.priority, 'urgent');
    assert.match(first.rationale, /SUEX OTC/);
    const listed = p.blocked_actions.filter((b) => b.target.value === p.wallets[0].address);
    assert.deepEqual(
      listed.map((b) => `${b.type}:${b.blocked_by}`),
      ['turnover_workflow:sanctions_license', 'issuer_freeze:sanctions_license'],
      'moving listed property needs an OFAC specific license',
    );
    assert.match(listed[0].reason, /OFAC SDN list.*needs an OFAC specific license \(31 CFR 501\.801\)/);
    // Blocking is consistent with restraint: discovery, legal process and the freeze stay open.
    const open = p.priority_actions.map((a) => a.type);
    for (const t of ['vasp_legal_process', 'exchange_freeze', 'debtor_discovery']) assert.ok(open.includes(t), t);
    assert.equal(p.blocked_actions.find((b) => b.type === 'exchange_turnover')!.blocked_by, 'sanctions_license');
    assert.equal(p.review_required, true);
  });

  test('a potential sanctions match on the debtor (gate review) calls for a review; restraint stays open', () => {
    const input = baseGateInput();
    input.sanctions.debtor.matches = [nameMatch('536', 'CIMEX IBERICA', 'CIMEX IBERICA', 0.95)];
    const p = plan({ gates: evaluateGates(input).gates }, [COINBASE]);
    assert.equal(p.priority_actions[0].type, 'sanctions_review');
    assert.match(p.priority_actions[0].rationale, /Potential match: debtor 'Dana Doe'.*CIMEX IBERICA/);
    assert.ok(p.priority_actions.some((b) => b.type === 'vasp_legal_process'));
    assert.ok(p.priority_actions.some((b) => b.type === 'ofac_license_application'));
  });

  test('bankruptcy blocks every collection step', () => {
    const p = plan(
      {
        profile: 'maximum_lawful',
        constraints: {
          consumer_debt: false,
          bankruptcy_known: true,
          appeal_stay_known: false,
          sanctions_review_required: false,
        },
      },
      [COINBASE, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    );
    assert.deepEqual(p.blocked_actions.map((b) => b.type).sort(), [
      'contempt_motion',
      'debtor_discovery',
      // Domesticating in Delaware (where Coinbase is) waits out the stay like any collection step.
      'domesticate_judgment',
      'exchange_freeze',
      'exchange_intercept',
      'exchange_turnover',
      'turnover_workflow',
      'vasp_legal_process',
    ]);
    assert.ok(p.blocked_actions.every((b) => b.blocked_by === 'bankruptcy' && /362\(a\)/.test(b.reason)));
    assert.deepEqual(p.priority_actions.map((a) => a.type).sort(), ['bankruptcy_claim', 'monitor_wallet']);
  });

  test('post-entry stay, consumer maximum_lawful, invalid addresses', () => {
    const stayed = plan(
      {
        rules: resolveRules('US-TX'),
        judgment: {
          judgment_id: 'jdg_1',
          date_entered: '2025-01-02',
          type: 'standard',
          status: 'intake',
          debtor: 'Doe',
          appeal_stay_status: 'none',
          bankruptcy_status: 'none',
        },
      },
      [COINBASE],
    );
    const b = stayed.blocked_actions.find((x) => x.type === 'vasp_legal_process')!;
    assert.equal(b.blocked_by, 'stay');
    assert.match(b.reason, /until 2025-02-03.*from 2025-02-04/);
    const consumer = plan(
      {
        profile: 'maximum_lawful',
        constraints: {
          consumer_debt: true,
          bankruptcy_known: false,
          appeal_stay_known: false,
          sanctions_review_required: false,
        },
      },
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    );
    assert.equal(consumer.review_required, true);
    assert.ok(consumer.review_reasons.some((r) => /maximum_lawful on a consumer debt/.test(r)));
    assert.ok(consumer.priority_actions.some((a) => a.type === 'consumer_compliance_review'));
    const bad = plan({}, ['0x52908400098527886E0F7030069857D2E4169Ee7']);
    assert.equal(bad.blocked_actions[0].blocked_by, 'invalid_address');
  });
});
