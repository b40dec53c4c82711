import type { Judgment } from '@/generated/prisma/client';
import { isoDate } from '../../domain/judgments/dates';
import { dec } from '../../domain/judgments/decimal';
import { computeDeadlines, type DeadlineInput } from '../../domain/judgments/deadlines';
import { interestTerms } from '../../domain/judgments/interest-terms';
import { resolveRules } from '../../domain/judgments/jurisdiction-rules';

/** Today as a UTC calendar date: the reference day of every deadline and gate decision. */
export const today = () => isoDate(new Date());

/** The pure-domain inputs that a stored judgment row gives (no I/O here). */
export function deadlineInputOf(j: Judgment, on = today()): DeadlineInput {
  return {
    rules: resolveRules(j.jurisdiction),
    date_entered: isoDate(j.date_entered),
    judgment_type: j.type,
    consumer_debt: j.consumer_debt,
    renewal_override: j.renewal_deadline ? isoDate(j.renewal_deadline) : null,
    today: on,
  };
}

/** The renewal date the rules give (ignoring any user override), or null when unknown. */
export function computedRenewalDate(j: Judgment): string | null {
  const specs = computeDeadlines({ ...deadlineInputOf(j), renewal_override: null });
  return specs.find((d) => d.kind === 'renewal')?.date ?? null;
}

export function interestTermsOf(j: Judgment) {
  return interestTerms({
    rules: resolveRules(j.jurisdiction),
    date_entered: isoDate(j.date_entered),
    principal: dec(j.amount),
    consumer_debt: j.consumer_debt,
    supplied:
      j.interest_rate_pct !== null
        ? { rate_pct: j.interest_rate_pct.toFixed(), basis: j.interest_rate_basis ?? '' }
        : null,
  });
}
