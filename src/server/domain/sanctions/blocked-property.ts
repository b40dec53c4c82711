import rules from '../../../../data/ofac-licensing/rules.json' with { type: 'json' };

/**
 * What a sanctions hold allows (issue 30, part 3). Blocking freezes property where it is: a
 * restraint, a preservation request, discovery or a referral leaves it in place and is
 * consistent with blocking. Moving it is not: turnover, remittance, an issuer freeze or
 * burn/reissue on the creditor's order is a transfer or judicial process against blocked
 * property, which needs an OFAC specific license (31 CFR 501.801(b)) and without one is null
 * and void (31 CFR 589.202(e), or the listed person's program's analogous section). The same
 * table serves the enforcement plan and the API's gate, so the plan never offers a step the API
 * refuses. Citations and dates come from data/ofac-licensing/rules.json (see its PROVENANCE.md).
 */
export type HoldTreatment = 'allowed' | 'license_required';

interface Rule {
  cite: string;
  title: string;
  date: string;
  review_required: boolean;
}
interface JudicialRule {
  cite: string;
  part: string;
  programs: string[];
  date: string;
  review_required: boolean;
}

export const LICENSE_RULE: Rule = rules.license;
export const REPORT_RULE: Rule = rules.report;
export const FIFTY_PERCENT_RULE: Rule = rules.fifty_percent;
export const LICENSING_DATA = `data/ofac-licensing/rules.json (${rules.as_of})`;

/** The one reason every license-bound step is refused with, in the plan and by the API. */
export const LICENSE_REASON = `needs an OFAC specific license (${LICENSE_RULE.cite})`;

/** Requests that leave blocked property where it is (see holdTreatment). */
const ALLOWED: ReadonlySet<string> = new Set([
  // packet requests
  'preservation',
  'freeze',
  'hold',
  'information_request',
  'subpoena',
  'records_request',
  'vasp_response',
  'referral',
  'sanctions_evidence',
  // plan steps
  'debtor_discovery',
  'vasp_legal_process',
  'exchange_freeze',
  'exchange_intercept',
  'law_enforcement_referral',
  'monitor_wallet',
]);

/**
 * How a hold treats a request (a packet's `packet_type`, or a plan step's type): allowed when
 * it leaves the property where it is (restraint, preservation, discovery, referral, the review
 * itself); license_required otherwise. That covers every request that moves property (turnover,
 * remittance, self-custody turnover, issuer freeze, burn/reissue, exchange turnover, the
 * turnover workflow, contempt to compel turnover) and any request not named here: failing closed.
 */
export function holdTreatment(request: string): HoldTreatment {
  return ALLOWED.has(request) ? 'allowed' : 'license_required';
}

/** The judicial-process (null and void) section of the listed person's program, else the
 *  Part 589 model section, with whether the row is verified. */
export function judicialProcessRule(programs: readonly string[]): JudicialRule {
  const rows = rules.judicial_process as JudicialRule[];
  return rows.find((r) => r.programs.some((p) => programs.includes(p))) ?? rules.judicial_process_default;
}

export const cited = (r: { cite: string; date: string }) => `${r.cite} (${r.date})`;

/** The full refusal text: the reason, then the law it rests on, dated. */
export function licenseRefusal(programs: readonly string[]): string {
  const jp = judicialProcessRule(programs);
  return `This step ${LICENSE_REASON}: it transfers or executes on property that is or may be blocked. Without a license a transfer is void and judicial process against blocked property is null and void (${cited(jp)}${jp.cite === rules.judicial_process_default.cite && !jp.programs.length ? ', or the analogous section of the program concerned' : ''}). Restraint and preservation stay available.`;
}

/**
 * The 50 Percent Rule where ownership is known: the aggregate percentage of the debtor owned,
 * directly or indirectly, by blocked persons. At 50 or more the debtor is itself blocked,
 * listed or not; below it, it is not blocked by ownership alone but OFAC advises caution.
 */
export function fiftyPercent(pct: number | null): { blocked: boolean; text: string } | null {
  if (pct === null || !Number.isFinite(pct)) return null;
  const rule = `OFAC's 50 Percent Rule guidance (${FIFTY_PERCENT_RULE.date})`;
  return pct >= 50
    ? {
        blocked: true,
        text: `Blocked persons own ${pct}% of the debtor in the aggregate: under ${rule} the debtor is itself blocked, whether or not it is listed.`,
      }
    : {
        blocked: false,
        text: `Blocked persons own ${pct}% of the debtor in the aggregate, under the 50% threshold of ${rule}: ownership alone does not block it, but OFAC advises caution (control, or a future designation).`,
      };
}
