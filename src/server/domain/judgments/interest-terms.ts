import { dec, type Decimal } from './decimal';
import type { IsoDate } from './dates';
import {
  periodSeries,
  PERIOD_RATES_DATASET,
  publishedPeriods,
  suppliedPeriods,
  type DayCount,
  type RatePeriod,
  type SuppliedPeriod,
} from './interest-periods';
import { RULES_DATASET, type AllocationPart, type ResolvedRules } from './jurisdiction-rules';

/**
 * Which post-judgment interest rates apply to a judgment, when, and why. The answer is a
 * sequence of rate periods, each naming its source (statute, a published period rate, a
 * caller-supplied rate, or "unknown") so a balance is explainable; whatever rests on an index
 * the service does not ship, on unverified data or on an unknown jurisdiction sets
 * review_required rather than guessing a number.
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
  /** Every supplied rate with the day it took effect, oldest first (the last is `supplied`). */
  supplied_history?: SuppliedPeriod[];
  /** The nature of the claim (medical_expenses, personal_debt, tort, fraud, ...), when recorded. */
  claim_nature?: string | null;
  /** Published-rate periods are listed up to this day (default: the entry date). */
  as_of?: IsoDate;
}

export interface InterestTerms {
  /** Percent per annum now (the last period's); null when unknown (no interest accrues then). */
  rate_pct: Decimal | null;
  method: 'statutory' | 'statutory_consumer' | 'statutory_claim' | 'published_periods' | 'supplied' | 'unknown';
  compounding: 'simple' | 'annual';
  day_count: DayCount;
  accrues_from: IsoDate;
  source: string;
  citation: string | null;
  /** Which rate applied when; the ledger accrues period by period. */
  periods: RatePeriod[];
  allocation: AllocationPart[];
  allocation_citation: string;
  review_required: boolean;
  reasons: string[];
}

type Draft = Omit<InterestTerms, 'review_required' | 'reasons' | 'periods' | 'day_count'> & {
  periods?: RatePeriod[];
  day_count?: DayCount;
};

export function interestTerms(input: InterestTermsInput): InterestTerms {
  const { rules, supplied } = input;
  const rule = rules.interest;
  const reasons = [...rules.review_reasons];
  const notes: string[] = [];
  const base = {
    accrues_from: input.date_entered,
    allocation: rules.allocation,
    allocation_citation: rules.allocation_citation,
    citation: rule?.citation ?? null,
  };
  const done = (t: Draft) => finish(t, input, reasons, notes);
  if (!rule) {
    if (supplied) reasons.push('Compounding is unknown for this jurisdiction; simple interest is assumed.');
    return done({
      ...base,
      rate_pct: supplied ? dec(supplied.rate_pct) : null,
      method: supplied ? 'supplied' : 'unknown',
      compounding: 'simple',
      source: supplied
        ? `caller-supplied: ${supplied.basis}`
        : 'unknown: no interest rule for this jurisdiction and no post_judgment_interest supplied',
    });
  }
  if (!rule.verified)
    reasons.push(`The interest rule for ${rules.sources.interest} is marked unverified in ${RULES_DATASET.name}.`);
  if (!rule.compounding_verified) {
    reasons.push(
      `Whether interest in ${rules.sources.interest} is simple or compound is unverified in ${RULES_DATASET.name}; ${rule.compounding} is applied.`,
    );
  }
  const common = { ...base, compounding: rule.compounding };
  // A claim-specific rate replaces the general one (e.g. RCW 4.56.110(3)(b): tort → prime + 2).
  const claimRule = input.claim_nature ? rule.claim_rules?.[input.claim_nature] : undefined;

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
    if (claimRule) notes.push(`A ${input.claim_nature} judgment bears ${describe(claimRule)} (${claimRule.citation}).`);
    else if (rule.method === 'fixed' && rule.rate_pct && !rate.eq(rule.rate_pct)) {
      notes.push(`Overrides the statutory ${rule.rate_pct}% (e.g. a contract or government-debtor rate).`);
    }
    if (ix?.resets)
      notes.push(`The rate resets (months ${ix.resets.months.join(', ')}); supply the new rate at each reset.`);
    const cite = claimRule?.citation ?? rule.citation;
    return done({
      ...common,
      rate_pct: rate,
      method: 'supplied',
      source: `caller-supplied: ${supplied.basis} (${cite})`,
    });
  }

  if (claimRule) {
    if (!claimRule.verified)
      reasons.push(
        `The ${input.claim_nature} rate (${claimRule.citation}) is marked unverified in ${RULES_DATASET.name}.`,
      );
    notes.push(claimRule.summary);
    if (claimRule.method === 'index' || !claimRule.rate_pct) {
      reasons.push(
        `A ${input.claim_nature} judgment bears ${describe(claimRule)} (${claimRule.citation}); supply post_judgment_interest {rate_pct, basis}.`,
      );
      return done({
        ...common,
        rate_pct: null,
        method: 'unknown',
        citation: claimRule.citation,
        source: `unknown: ${claimRule.citation} — ${describe(claimRule)}`,
      });
    }
    return done({
      ...common,
      rate_pct: dec(claimRule.rate_pct),
      method: 'statutory_claim',
      citation: claimRule.citation,
      source: claimRule.citation,
    });
  }

  if (rule.method === 'index') {
    const series = periodSeries(rules.sources.interest ?? rules.code);
    if (series) return done(publishedTerms(input, common, series.citation, reasons));
    reasons.push(
      `The rate depends on an index the service does not ship (${rule.index?.name ?? 'index'}); supply post_judgment_interest {rate_pct, basis}.`,
    );
    return done({
      ...common,
      rate_pct: null,
      method: 'unknown',
      source: `unknown: ${rule.citation} — ${rule.index?.name ?? 'index'}`,
    });
  }

  const consumerRate = consumerTerms(input, reasons, notes);
  if (consumerRate)
    return done({
      ...common,
      rate_pct: dec(consumerRate.rate_pct),
      method: 'statutory_consumer',
      source: `${consumerRate.citation ?? rule.citation} (consumer debt)`,
    });
  return done({ ...common, rate_pct: dec(rule.rate_pct!), method: 'statutory', source: rule.citation });
}

const describe = (r: { index_name?: string; spread_pct?: string; rate_pct: string | null }) =>
  r.rate_pct ? `${r.rate_pct}%` : `the ${r.index_name ?? 'index'} + ${r.spread_pct ?? '0'} percentage points`;

/**
 * The consumer rate when it applies (CCP 685.010(a)(2) style): a natural-person consumer debt
 * under the limit for its claim nature (medical expenses < $200,000, personal debt < $50,000),
 * never for excluded claims (tort, fraud, employee wages); null otherwise, with the reason noted.
 */
function consumerTerms(input: InterestTermsInput, reasons: string[], notes: string[]) {
  const c = input.rules.interest?.consumer;
  const rule = input.rules.interest!;
  if (!c) return null;
  const p = input.principal;
  const dateOk = c.entered_on_or_after === null || input.date_entered >= c.entered_on_or_after;
  const nature = input.claim_nature ?? null;
  if (nature && c.excluded_claims?.includes(nature)) {
    if (input.consumer_debt)
      notes.push(`The consumer rate of ${c.rate_pct}% does not apply to a ${nature} judgment: ${c.conditions}`);
    return null;
  }
  const perClaim = nature ? c.claims?.[nature] : undefined;
  const amountOk = perClaim
    ? p.lt(perClaim.principal_below)
    : (c.principal_below === null || p.lt(c.principal_below)) &&
      (c.principal_at_most === null || p.lte(c.principal_at_most));
  if (input.consumer_debt === null && !(perClaim && c.claims)) {
    reasons.push(
      `Consumer status is not recorded; a consumer-debt judgment may bear ${c.rate_pct}% instead of ${rule.rate_pct}% (${c.conditions})`,
    );
    return null;
  }
  const consumer = input.consumer_debt ?? !!perClaim;
  if (consumer && dateOk && amountOk) {
    if (!c.verified)
      reasons.push(`The consumer-debt rate of ${c.rate_pct}% is marked unverified in ${RULES_DATASET.name}.`);
    if (!perClaim && c.claims && c.review_at_or_above && p.gte(c.review_at_or_above))
      reasons.push(
        `At this principal the ${c.rate_pct}% rate applies only to some consumer claims (record claim_nature): ${c.conditions}`,
      );
    else if (!c.claims && c.review_at_or_above && p.gte(c.review_at_or_above))
      reasons.push(`At this principal the ${c.rate_pct}% rate applies only to some consumer claims: ${c.conditions}`);
    notes.push(c.conditions);
    return c;
  }
  if (consumer) notes.push(`The consumer rate of ${c.rate_pct}% does not apply: ${c.conditions}`);
  return null;
}

/** Terms from the published period rates of data/interest-rates (FL, NV, NJ). */
function publishedTerms(
  input: InterestTermsInput,
  common: Omit<Draft, 'rate_pct' | 'method' | 'source'>,
  citation: string,
  reasons: string[],
): Draft {
  const code = input.rules.sources.interest ?? input.rules.code;
  const series = periodSeries(code)!;
  const periods = publishedPeriods(code, input.date_entered, input.principal, input.as_of ?? input.date_entered);
  for (const p of periods) {
    if (p.rate_pct === null) reasons.push(`No published rate covers ${p.from}: ${p.source}.`);
    else if (!p.verified)
      reasons.push(
        `The ${code} rate from ${p.from} (${p.rate_pct.toFixed()}%) is not verified against the publisher's table in ${PERIOD_RATES_DATASET.name}.`,
      );
  }
  return {
    ...common,
    rate_pct: periods[periods.length - 1]?.rate_pct ?? null,
    method: 'published_periods',
    day_count: series.day_count,
    citation,
    source: `${citation}: rates published by the ${series.publisher} (${PERIOD_RATES_DATASET.name}, ${PERIOD_RATES_DATASET.as_of}). ${series.model}`,
    periods,
  };
}

function finish(t: Draft, input: InterestTermsInput, reasons: string[], notes: string[]): InterestTerms {
  let periods = t.periods;
  if (!periods) {
    const history = input.supplied_history ?? [];
    // A changed supplied rate applies from its effective date; the time before keeps the old one.
    periods =
      t.method === 'supplied' && history.length > 1
        ? suppliedPeriods(history, input.date_entered, t.citation ? ` (${t.citation})` : '')
        : [{ from: input.date_entered, to: null, rate_pct: t.rate_pct, source: t.source, verified: true }];
  }
  const unique = [...new Set(reasons)];
  return {
    ...t,
    day_count: t.day_count ?? 'actual/365',
    periods,
    review_required: unique.length > 0,
    reasons: [...unique, ...notes],
  };
}
