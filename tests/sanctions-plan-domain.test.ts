/**
 * The enforcement plan under a sanctions hold (issue 30, part 3), against cases written from
 * the sources, not from the code:
 * - Blocking freezes property in place, so restraint, preservation and discovery are consistent
 *   with it; moving blocked property needs a specific license (31 CFR 501.801(b)(1): "may be
 *   effected only under specific license"), and judicial process against it without one is null
 *   and void (31 CFR 589.202(e) in Part 589; the analogous 5xx.202(e) of the program's part).
 * - The blocked-property report is the holder's (31 CFR 501.603(b)(1)(i): "any U.S. person ...
 *   holding ... blocked property", within 10 business days).
 * - OFAC's 50 Percent Rule (2014-08-13): 50% or more owned, in the aggregate, by blocked persons
 *   is blocked; 25% + 25% is 50%; below 50% it is not blocked by ownership alone.
 * Real listed wallets: SUEX OTC, S.R.O. (CYBER2, designated 2021-09-21) and Khadzhi Murat
 * Dalgatovich Magomedov (RUSSIA-EO14024), from the shipped OFAC address list of 2025-11-19.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveRules } from '../src/server/domain/judgments/jurisdiction-rules';
import { evaluateGates, type GateInput } from '../src/server/domain/judgments/validation-gates';
import { buildWalletIndex, classifyWallet } from '../src/server/domain/judgments/wallet-index';
import { buildEnforcementPlan, type PlanInput } from '../src/server/domain/judgments/enforcement-plan';
import {
  fiftyPercent,
  holdTreatment,
  judicialProcessRule,
  LICENSE_REASON,
} from '../src/server/domain/sanctions/blocked-property';
import { SDN_DATASET } from '../src/server/domain/sanctions/sdn-list';
import { OFAC_ADDRESS_DATASET } from '../src/server/domain/sanctions/addresses';
import type { ScreenMatch } from '../src/server/domain/sanctions/screen';
import { addressIndex } from '../src/server/services/sanctions/address-data';
import { baseGateInput } from './helpers/gate-input';

const SUEX = '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff';
const MAGOMEDOV = '0x1999ef52700c34de7ec2b68a28aafb37db0c5ade';
const COINBASE = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
const SELF = '0x1111111111111111111111111111111111111111';

const debtorMatch = (match_type: 'exact' | 'fuzzy', score: number): ScreenMatch => ({
  subject: 'Garantex Europe',
  subject_type: 'entity',
  list: 'OFAC SDN list',
  list_date: '2025-11-19',
  sdn_name: 'GARANTEX EUROPE OU',
  programs: ['CYBER2', 'RUSSIA-EO14024'],
  match_type,
  score,
  sdn_id: '35157',
  sdn_type: 'entity',
  matched: 'GARANTEX EUROPE OU',
  network: null,
  assets: [],
});

/** The every-gate-passes input, for a New York judgment screened on the list of 2025-11-19. */
const gateInput = (matches: ScreenMatch[]): GateInput => {
  const base = baseGateInput();
  return {
    ...base,
    today: '2025-12-01',
    rules: resolveRules('US-NY'),
    sanctions: {
      ...base.sanctions,
      debtor: { name: 'Garantex Europe', matches },
      datasets: {
        names: { ...SDN_DATASET, as_of: '2025-11-19', gaps: null },
        addresses: { ...OFAC_ADDRESS_DATASET, as_of: '2025-11-19' },
      },
    },
  };
};

const index = buildWalletIndex(
  { labelsCsv: readFileSync('data/labels/evm_exchange_and_risk_labels.csv', 'utf8') },
  addressIndex(),
);
const plan = (o: { matches?: ScreenMatch[]; wallets?: string[]; ownership?: number | null }) =>
  buildEnforcementPlan({
    today: '2025-12-01',
    judgment: {
      judgment_id: 'jdg_1',
      date_entered: '2024-06-03',
      type: 'standard',
      status: 'validated',
      debtor: 'Garantex Europe',
      appeal_stay_status: 'none',
      bankruptcy_status: 'none',
    },
    rules: resolveRules('US-NY'),
    claimants: [{ name: 'Acme', role: 'creditor' }],
    profile: 'maximum_lawful',
    constraints: {
      consumer_debt: false,
      bankruptcy_known: false,
      appeal_stay_known: false,
      sanctions_review_required: false,
      blocked_ownership_pct: o.ownership ?? null,
    },
    wallets: (o.wallets ?? [COINBASE, SELF]).map((w) => classifyWallet(index, w)),
    exchanges: [],
    gates: evaluateGates(gateInput(o.matches ?? [])).gates,
    deadlines: [],
  } satisfies PlanInput);

const available = (p: ReturnType<typeof plan>) => new Set(p.priority_actions.map((a) => a.type));
const blocked = (p: ReturnType<typeof plan>) => new Set(p.blocked_actions.map((a) => a.type));
const RESTRAINT = ['debtor_discovery', 'vasp_legal_process', 'exchange_freeze', 'exchange_intercept'];
const TRANSFER = ['exchange_turnover', 'turnover_workflow', 'issuer_freeze', 'burn_reissue', 'contempt_motion'];

describe('sanctions hold in the enforcement plan', () => {
  // [case, plan input, hold expected]
  const cases: [string, Parameters<typeof plan>[0], boolean][] = [
    ['clear: no match, ownership unknown', {}, false],
    ['clear: no match, 30% owned by blocked persons (under the 50% rule)', { ownership: 30 }, false],
    ['potential match: fuzzy debtor match', { matches: [debtorMatch('fuzzy', 0.93)] }, true],
    [
      'potential match with 25% + 25% blocked ownership (aggregated: blocked)',
      { matches: [debtorMatch('fuzzy', 0.93)], ownership: 50 },
      true,
    ],
    ['confirmed block: exact SDN match of the debtor', { matches: [debtorMatch('exact', 1)] }, true],
    ['confirmed block: listed wallet (SUEX OTC)', { wallets: [SUEX, COINBASE, SELF] }, true],
    ['unlisted debtor 60% owned by blocked persons (50% rule)', { ownership: 60 }, true],
  ];
  for (const [name, input, hold] of cases) {
    test(name, () => {
      const p = plan(input);
      const ok = available(p);
      const no = blocked(p);
      for (const t of RESTRAINT) assert.ok(ok.has(t), `${t} stays available`);
      if (!hold) {
        for (const t of TRANSFER) assert.ok(ok.has(t), `${t} available when clear`);
        assert.ok(!ok.has('sanctions_review') && !ok.has('ofac_license_application'));
        assert.deepEqual(p.blocked_actions, []);
        return;
      }
      for (const t of TRANSFER) {
        assert.ok(no.has(t) && !ok.has(t), `${t} blocked`);
        const b = p.blocked_actions.find((x) => x.type === t)!;
        assert.equal(b.blocked_by, 'sanctions_license');
        assert.ok(b.reason.includes(LICENSE_REASON), b.reason);
        assert.match(b.reason, /31 CFR 5\d\d\.202\(e\)/);
      }
      const license = p.priority_actions.find((a) => a.type === 'ofac_license_application')!;
      assert.match(license.legal_basis, /31 CFR 501\.801 \(2019-06-21\)/);
      assert.match(license.legal_basis, /31 CFR 5\d\d\.202\(e\) \(\d{4}-\d\d-\d\d\)/);
      const report = p.priority_actions.find((a) => a.type === 'blocked_property_report')!;
      assert.match(report.legal_basis, /31 CFR 501\.603 \(2024-11-07\)/);
      assert.match(report.rationale, /holding the blocked property/);
      assert.equal(p.priority_actions[0].type, 'sanctions_review');
      assert.equal(p.review_required, true);
    });
  }

  test('the 50% rule is named only where ownership is known', () => {
    assert.ok(!JSON.stringify(plan({ matches: [debtorMatch('exact', 1)] })).includes('50 Percent Rule'));
    const owned = plan({ ownership: 60 });
    assert.match(owned.priority_actions[0].rationale, /60% .*50 Percent Rule guidance \(2014-08-13\).*itself blocked/);
    const under = plan({ ownership: 30 });
    assert.ok(under.review_reasons.some((r) => /30% .*50% threshold .*2014-08-13/.test(r)));
    assert.equal(fiftyPercent(49.99)!.blocked, false);
    assert.equal(fiftyPercent(50)!.blocked, true);
    assert.equal(fiftyPercent(null), null);
  });

  test("the cited null-and-void section follows the listed person's program", () => {
    assert.match(
      plan({ wallets: [SUEX] }).blocked_actions.find((b) => b.type === 'turnover_workflow')!.reason,
      /31 CFR 578\.202\(e\) \(2015-12-31\)/,
      'SUEX OTC: CYBER2, Part 578',
    );
    assert.match(
      plan({ wallets: [MAGOMEDOV] }).blocked_actions.find((b) => b.type === 'turnover_workflow')!.reason,
      /31 CFR 587\.202\(e\) \(2021-09-15\)/,
      'RUSSIA-EO14024, Part 587',
    );
    assert.equal(judicialProcessRule(['UKRAINE-EO13661']).cite, '31 CFR 589.202(e)');
    assert.equal(judicialProcessRule(['CUBA']).cite, '31 CFR 589.202(e)', 'the Part 589 model, flagged for review');
  });

  test('request treatments: restraint and preservation allowed, moves need a license, unknown fails closed', () => {
    for (const r of [
      'preservation',
      'freeze',
      'hold',
      'information_request',
      'subpoena',
      'records_request',
      'referral',
    ])
      assert.equal(holdTreatment(r), 'allowed', r);
    for (const r of [
      'turnover',
      'remittance',
      'self_custody_turnover',
      'issuer_freeze',
      'burn_reissue',
      'something_new',
    ])
      assert.equal(holdTreatment(r), 'license_required', r);
  });
});
