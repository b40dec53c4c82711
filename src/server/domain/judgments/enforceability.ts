import { addDays, type IsoDate } from './dates';
import type { ResolvedRules } from './jurisdiction-rules';
import { automaticStayEnd, enforceableLastDay } from './validation-gates';

/**
 * Whether a judgment can carry an enforcement request today, as named checks: validated, not
 * satisfied or vacated, not expired, not stayed (appeal, bankruptcy, the post-entry stay), not
 * discharged as to a remedy against the debtor personally, assigned of record, and (for an
 * arbitration award) confirmed. Each failure is one named missing item, so a packet on a
 * satisfied judgment says exactly that rather than passing.
 */
export interface JudgmentFacts {
  status: string;
  type: string;
  date_entered: IsoDate;
  appeal_stay_status: string;
  bankruptcy_status: string;
  assignment_status: string;
  renewal_deadline: IsoDate | null;
}

export interface EnforceabilityCheck {
  check: string;
  status: 'pass' | 'fail';
  reason: string;
  /** What would clear it (the packet's missing item). */
  missing: string;
}

export function judgmentEnforceability(j: JudgmentFacts, rules: ResolvedRules, today: IsoDate): EnforceabilityCheck[] {
  const out: EnforceabilityCheck[] = [];
  const add = (check: string, fail: string | null, pass: string, missing: string) =>
    out.push({ check, status: fail ? 'fail' : 'pass', reason: fail ?? pass, missing });

  add(
    'judgment_validated',
    ['intake', 'needs_review'].includes(j.status)
      ? `The judgment is '${j.status}': it has not passed validation (POST /v1/judgments/{judgment_id}/validate).`
      : null,
    'The judgment has passed validation.',
    'a validated judgment (run validation until it passes)',
  );
  add(
    'judgment_not_satisfied',
    j.status === 'satisfied' ? 'The judgment is satisfied; nothing more may be collected on it.' : null,
    'The judgment is not satisfied.',
    'an unsatisfied judgment (this one is satisfied)',
  );
  add(
    'judgment_not_vacated',
    j.status === 'vacated' ? 'The judgment is vacated; it cannot be enforced.' : null,
    'The judgment is not vacated.',
    'a judgment that is not vacated',
  );
  const last = enforceableLastDay(rules, j.date_entered, j.renewal_deadline);
  const cite = rules.dormancy?.citation ?? rules.life?.citation ?? '';
  add(
    'judgment_not_expired',
    last && today > last
      ? `The enforceable period ended on ${last} (${cite}); it must be renewed or revived first.`
      : null,
    last
      ? `Enforceable through ${last} (${cite}).`
      : 'No enforceable-period end is known (the validation gate flags it).',
    'a judgment within its enforceable period (renew or revive it)',
  );
  const stayEnd = automaticStayEnd(rules, j.date_entered, j.type);
  const stay =
    j.status === 'stayed'
      ? "The judgment is 'stayed'."
      : j.appeal_stay_status === 'stayed'
        ? 'Enforcement is stayed pending appeal.'
        : j.bankruptcy_status === 'filed'
          ? 'A bankruptcy filing stays collection (11 U.S.C. § 362(a)).'
          : stayEnd && today <= stayEnd
            ? `The automatic stay after entry runs until ${stayEnd} (${rules.stay!.citation}); enforcement may begin ${addDays(stayEnd, 1)}.`
            : null;
  add('judgment_not_stayed', stay, 'No stay is in force.', 'a judgment no stay bars (wait out or lift the stay)');
  add(
    'judgment_not_discharged',
    j.bankruptcy_status === 'discharged'
      ? "The debtor's discharge bars collecting the debt from the debtor personally (11 U.S.C. § 524(a)(2)); only a debt excepted from discharge (§ 523) or a lien that survives in rem may be pursued."
      : null,
    'No discharge is recorded.',
    'a determination that the debt was excepted from discharge (11 U.S.C. § 523)',
  );
  if (j.assignment_status !== 'none')
    add(
      'assignment_of_record',
      j.assignment_status === 'assigned_unrecorded'
        ? 'The judgment was assigned but the assignment is not filed of record; the assignee cannot enforce until it is (Cal. Code Civ. Proc. § 673; N.Y. CPLR 5019(c)).'
        : null,
      'The assignment is filed of record (Cal. Code Civ. Proc. § 673; N.Y. CPLR 5019(c)).',
      'an acknowledgment of assignment filed with the court (CCP 673, CPLR 5019(c))',
    );
  if (j.type === 'arbitration_award')
    add(
      'award_confirmed',
      'An arbitration award is enforced only through a judgment confirming it (9 U.S.C. §§ 9, 13; Cal. Code Civ. Proc. § 1287.4; N.Y. CPLR 7510, 7514); take in the confirming judgment.',
      '',
      'a judgment confirming the arbitration award',
    );
  return out;
}
