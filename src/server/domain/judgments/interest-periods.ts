import data from '../../../../data/interest-rates/period-rates.json' with { type: 'json' };
import { dec, type Decimal } from './decimal';
import { addDays, nextMonthDay, type IsoDate } from './dates';

/**
 * Post-judgment interest as a sequence of rate periods, each naming where its rate came from.
 * Jurisdictions whose rate resets on fixed dates (Fla. Stat. § 55.03(3), NRS 17.130(2),
 * N.J. Ct. R. 4:42-11(a)) take the published row in effect on the entry date, then on each
 * reset date after entry the row in effect on that date (data/interest-rates). A caller-supplied
 * rate history (e.g. a court-stated rate changed later) is a sequence too: a new rate applies
 * from its effective date forward and never re-prices the time before it.
 */
export interface RatePeriod {
  from: IsoDate;
  /** Exclusive end; null for the open last period. */
  to: IsoDate | null;
  /** Percent per annum; null when no published rate covers the period. */
  rate_pct: Decimal | null;
  source: string;
  verified: boolean;
}

export type DayCount = 'actual/365' | 'actual/actual';

interface PublishedRow {
  from: string;
  rate_pct?: string;
  prime_pct?: string;
  verified: boolean;
  source: string;
}
interface Series {
  citation: string;
  publisher: string;
  model: string;
  resets: { months: number[]; day: number };
  /**
   * When the publisher issues a new row, where that is more often than the judgment resets
   * (Florida's CFO sets a rate each quarter; a judgment takes the one in effect at entry and
   * moves only each 1 January). A row is stale once its next publication date has passed.
   */
  publishes?: { months: number[]; day: number };
  day_count: DayCount;
  spread_pct?: string;
  above_limit?: { spread_pct: string; limits: { entered_on_or_after: string; limit: string }[] };
  published: PublishedRow[];
}

export const PERIOD_RATES_DATASET = { name: data.dataset, as_of: data.as_of } as const;
const SERIES = data.series as Record<string, Series>;

export function periodSeries(code: string): Series | null {
  return SERIES[code] ?? null;
}

/** The Special Civil Part style surcharge (N.J. R. 4:42-11(a)(iii)) for this principal, if any. */
function surcharge(s: Series, entered: IsoDate, principal: Decimal): { pct: string; why: string } | null {
  const a = s.above_limit;
  if (!a) return null;
  const limit = [...a.limits].reverse().find((l) => entered >= l.entered_on_or_after);
  if (!limit || !principal.gt(limit.limit)) return null;
  return { pct: a.spread_pct, why: ` + ${a.spread_pct}% (principal above the $${limit.limit} limit at entry)` };
}

/**
 * The published-rate periods of a judgment from entry up to `asOf` (the last one open). A period
 * whose row should already have been replaced by the publisher's next one (a quarter missing
 * from the dataset, or a date past its last row) carries that row forward, unverified: the rate
 * really in effect was published but is not in the data.
 */
export function publishedPeriods(code: string, entered: IsoDate, principal: Decimal, asOf: IsoDate): RatePeriod[] {
  const s = SERIES[code];
  if (!s) return [];
  const rows = [...s.published].sort((a, b) => (a.from < b.from ? -1 : 1));
  const extra = surcharge(s, entered, principal);
  const starts: IsoDate[] = [entered];
  for (let d = nextMonthDay(addDays(entered, 1), s.resets.months, s.resets.day); d <= asOf;) {
    starts.push(d);
    d = nextMonthDay(addDays(d, 1), s.resets.months, s.resets.day);
  }
  return starts.map((from, i) => {
    const to = starts[i + 1] ?? null;
    const row = [...rows].reverse().find((r) => r.from <= from);
    if (!row)
      return {
        from,
        to,
        rate_pct: null,
        source: `no published rate in ${data.dataset} covers ${from}`,
        verified: false,
      };
    const base = row.prime_pct ? dec(row.prime_pct).plus(s.spread_pct ?? '0') : dec(row.rate_pct!);
    const rate = extra ? base.plus(extra.pct) : base;
    const due = nextPublication(s, row.from);
    const stale = due <= from;
    const what = row.prime_pct ? `prime ${row.prime_pct}% + ${s.spread_pct}%` : `${row.rate_pct}%`;
    return {
      from,
      to,
      rate_pct: rate,
      source: `${s.citation}: ${what}${extra?.why ?? ''} in effect from ${row.from} (${row.source})${stale ? `; no row in ${data.dataset} for ${due}, carried forward` : ''}`,
      verified: row.verified && !stale,
    };
  });
}

function nextPublication(s: Series, d: IsoDate): IsoDate {
  const { months, day } = s.publishes ?? s.resets;
  return nextMonthDay(addDays(d, 1), months, day);
}

/** A caller-supplied rate and the day it takes effect (the entry date for the first). */
export interface SuppliedPeriod {
  from: IsoDate;
  rate_pct: string;
  basis: string;
}

/** Supplied rates as periods: each runs from its `from` to the next one's. */
export function suppliedPeriods(list: SuppliedPeriod[], entered: IsoDate, suffix = ''): RatePeriod[] {
  const sorted = [...list].sort((a, b) => (a.from < b.from ? -1 : 1));
  return sorted.map((p, i) => ({
    from: i === 0 && p.from > entered ? entered : p.from < entered ? entered : p.from,
    to: sorted[i + 1]?.from ?? null,
    rate_pct: dec(p.rate_pct),
    source: `caller-supplied: ${p.basis}${suffix}`,
    verified: true,
  }));
}
