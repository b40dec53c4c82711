import { dec, type Decimal } from './decimal';
import type { IsoDate } from './dates';
import { RULES_DATASET, type AllocationPart, type ResolvedRules } from './jurisdiction-rules';

/**
 * Which post-judgment interest rate applies to a judgment, and why. The answer names its
 * source (statute, caller-supplied index value, or "unknown") so a balance is explainable;
 * whatever rests on an index the service does not ship, on unverified data or on an unknown
 * jurisdiction sets review_required rather than guessing a number.
 */
export interface SuppliedRate {
  rate_pct: string;
  basis: string;
}

export interface InterestTermsInput {
  rules: ResolvedRules;
  date_entered: IsoDate;
  principal: Decimal;
  consumer_debt: boolean | null;
  supplied: SuppliedRate | null;
}

export interface InterestTerms {
  /** Percent per annum; null when the rate is unknown (no interest is accrued then). */
  rate_pct: Decimal | null;
  method: 'statutory' | 'statutory_consumer' | 'supplied' | 'unknown';
  compounding: 'simple' | 'annual';
  day_count: 'actual/365';
  accrues_from: IsoDate;
  source: string;
  citation: string | null;
  allocation: AllocationPart[];
  review_required: boolean;
  reasons: string[];
}

export function interestTerms(input: InterestTermsInput): InterestTerms {
  const { rules, supplied } = input;
  const rule = rules.interest;
  const reasons = [...rules.review_reasons];
  const notes: string[] = [];
  const base = {
    day_count: 'actual/365' as const,
    accrues_from: input.date_entered,
    allocation: rules.allocation,
    citation: rule?.citation ?? null,
  };
  if (!rule) {
    if (supplied) reasons.push('Compounding is unknown for this jurisdiction; simple interest is assumed.');
    return finish(
      {
        ...base,
        rate_pct: supplied ? dec(supplied.rate_pct) : null,
        method: supplied ? 'supplied' : 'unknown',
        compounding: 'simple',
        source: supplied
          ? `caller-supplied: ${supplied.basis}`
          : 'unknown: no interest rule for this jurisdiction and no post_judgment_interest supplied',
      },
      reasons,
      notes,
    );
  }
  if (!rule.verified)
    reasons.push(`The interest rule for ${rules.sources.interest} is marked unverified in ${RULES_DATASET.name}.`);
  if (!rule.compounding_verified) {
    reasons.push(
      `Whether interest in ${rules.sources.interest} is simple or compound is unverified in ${RULES_DATASET.name}; ${rule.compounding} is applied.`,
    );
  }
  const common = { ...base, compounding: rule.compounding };

  if (supplied) {
    const rate = dec(supplied.rate_pct);
    const ix = rule.index;
    if (ix?.floor_pct && rate.lt(ix.floor_pct))
      reasons.push(
        `The supplied rate ${rate.toFixed()}% is below the statutory floor of ${ix.floor_pct}% (${rule.citation}).`,
      );
    if (ix?.cap_pct && rate.gt(ix.cap_pct))
      reasons.push(
        `The supplied rate ${rate.toFixed()}% is above the statutory cap of ${ix.cap_pct}% (${rule.citation}) unless a contract rate applies.`,
      );
    if (rule.method === 'fixed' && rule.rate_pct && !rate.eq(rule.rate_pct)) {
      notes.push(`Overrides the statutory ${rule.rate_pct}% (e.g. a contract or government-debtor rate).`);
    }
    if (ix?.resets)
      notes.push(`The rate resets (months ${ix.resets.months.join(', ')}); supply the new rate at each reset.`);
    return finish(
      {
        ...common,
        rate_pct: rate,
        method: 'supplied',
        source: `caller-supplied: ${supplied.basis} (${rule.citation})`,
      },
      reasons,
      notes,
    );
  }

  if (rule.method === 'index') {
    reasons.push(
      `The rate depends on an index the service does not ship (${rule.index?.name ?? 'index'}); supply post_judgment_interest {rate_pct, basis}.`,
    );
    return finish(
      {
        ...common,
        rate_pct: null,
        method: 'unknown',
        source: `unknown: ${rule.citation} — ${rule.index?.name ?? 'index'}`,
      },
      reasons,
      notes,
    );
  }

  const c = rule.consumer;
  if (c) {
    const p = input.principal;
    const dateOk = c.entered_on_or_after === null || input.date_entered >= c.entered_on_or_after;
    const amountOk =
      (c.principal_below === null || p.lt(c.principal_below)) &&
      (c.principal_at_most === null || p.lte(c.principal_at_most));
    if (input.consumer_debt === null) {
      reasons.push(
        `Consumer status is not recorded; a consumer-debt judgment may bear ${c.rate_pct}% instead of ${rule.rate_pct}% (${c.conditions})`,
      );
    } else if (input.consumer_debt && dateOk && amountOk) {
      if (!c.verified)
        reasons.push(`The consumer-debt rate of ${c.rate_pct}% is marked unverified in ${RULES_DATASET.name}.`);
      if (c.review_at_or_above && p.gte(c.review_at_or_above)) {
        reasons.push(`At this principal the ${c.rate_pct}% rate applies only to some consumer claims: ${c.conditions}`);
      }
      notes.push(c.conditions);
      return finish(
        {
          ...common,
          rate_pct: dec(c.rate_pct),
          method: 'statutory_consumer',
          source: `${rule.citation} (consumer debt)`,
        },
        reasons,
        notes,
      );
    } else if (input.consumer_debt) {
      notes.push(`The consumer rate of ${c.rate_pct}% does not apply: ${c.conditions}`);
    }
  }
  return finish(
    { ...common, rate_pct: dec(rule.rate_pct!), method: 'statutory', source: rule.citation },
    reasons,
    notes,
  );
}

function finish(
  t: Omit<InterestTerms, 'review_required' | 'reasons'>,
  reasons: string[],
  notes: string[],
): InterestTerms {
  return { ...t, review_required: reasons.length > 0, reasons: [...reasons, ...notes] };
}
