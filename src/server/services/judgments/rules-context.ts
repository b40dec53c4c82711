import type { Judgment } from '@/generated/prisma/client';
import { isoDate } from '../../domain/judgments/dates';
import { dec } from '../../domain/judgments/decimal';
import { computeDeadlines, type DeadlineInput } from '../../domain/judgments/deadlines';
import { interestTerms } from '../../domain/judgments/interest-terms';
import type { SuppliedPeriod } from '../../domain/judgments/interest-periods';
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

/**
 * The supplied rates with the day each took effect, oldest first. A row stored before the
 * history existed (or with none recorded) has its one rate from entry.
 */
export function rateHistory(j: Judgment): SuppliedPeriod[] {
  if (j.interest_rate_pct === null) return [];
  const stored = Array.isArray(j.interest_rate_history) ? (j.interest_rate_history as unknown as SuppliedPeriod[]) : [];
  if (stored.length) return stored;
  return [
    { from: isoDate(j.date_entered), rate_pct: j.interest_rate_pct.toFixed(), basis: j.interest_rate_basis ?? '' },
  ];
}

/**
 * The history after setting a supplied rate from `from`: rates that took effect on or after it
 * are replaced, earlier ones keep their time (a changed rate never re-prices the past).
 */
export function nextRateHistory(
  j: Pick<Judgment, 'date_entered'> & Partial<Judgment>,
  supplied: { rate_pct: string; basis: string; effective_from?: string } | null,
  fallbackFrom: string,
): SuppliedPeriod[] {
  if (!supplied) return [];
  const entered = isoDate(j.date_entered);
  const from = supplied.effective_from ?? fallbackFrom;
  const prior = j.id ? rateHistory(j as Judgment) : [];
  const kept = prior.filter((p) => p.from < from);
  return [...kept, { from: kept.length ? from : entered, rate_pct: supplied.rate_pct, basis: supplied.basis }];
}

export function interestTermsOf(j: Judgment, asOf = today()) {
  return interestTerms({
    rules: resolveRules(j.jurisdiction),
    date_entered: isoDate(j.date_entered),
    principal: dec(j.amount),
    consumer_debt: j.consumer_debt,
    supplied:
      j.interest_rate_pct !== null
        ? { rate_pct: j.interest_rate_pct.toFixed(), basis: j.interest_rate_basis ?? '' }
        : null,
    supplied_history: rateHistory(j),
    claim_nature: j.claim_nature,
    as_of: asOf,
  });
}
