import { addYears, daysBetween, maxDate, minDate, type IsoDate } from './dates';
import type { DayCount } from './interest-periods';
import { dec, roundMoney, ZERO, type Decimal } from './decimal';
import type { AllocationPart } from './jurisdiction-rules';

/**
 * The matter ledger as a pure computation: judgments accrue post-judgment interest period by
 * period (each rate period at its own rate; actual/365, or actual/actual where the forum divides
 * by the days of each year; simple or compounded on each anniversary of entry), and entries are
 * replayed in date order. A recovery pays each judgment in its jurisdiction's allocation order (interest →
 * principal → costs by default), so interest keeps accruing on the unpaid principal exactly as
 * a payoff statement would show. Interest is rounded half-up to the minor unit at each event,
 * and every figure is an exact decimal.
 */
export type EntryType = 'recovery' | 'cost' | 'fee' | 'distribution' | 'adjustment';

export interface LedgerJudgment {
  id: string;
  principal: Decimal;
  start: IsoDate;
  /** Percent per annum, or null when unknown (then no interest accrues). */
  rate_pct: Decimal | null;
  /** Rate periods (from inclusive); when given they replace `rate_pct`, each from its start. */
  periods?: { from: IsoDate; rate_pct: Decimal | null }[];
  day_count?: DayCount;
  compounding: 'simple' | 'annual';
  allocation: AllocationPart[];
}

export interface LedgerEntryInput {
  id: string;
  type: EntryType;
  amount: Decimal;
  date: IsoDate;
  judgment_id: string | null;
}

export interface JudgmentFigures {
  principal: Decimal;
  accrued_interest: Decimal;
  costs: Decimal;
  recovered: Decimal;
  interest_paid: Decimal;
  principal_paid: Decimal;
  costs_paid: Decimal;
  unpaid_principal: Decimal;
  unpaid_interest: Decimal;
  unpaid_costs: Decimal;
  balance_outstanding: Decimal;
}

export interface LedgerTotals {
  judgment_principal: Decimal;
  accrued_interest: Decimal;
  costs: Decimal;
  recovered: Decimal;
  distributed: Decimal;
  fees: Decimal;
  interest_paid: Decimal;
  principal_paid: Decimal;
  costs_paid: Decimal;
  balance_outstanding: Decimal;
  /** Recoveries beyond everything owed (a credit), never shown as a negative balance. */
  overpayment: Decimal;
  recovery_events: number;
}

interface State {
  j: LedgerJudgment | null;
  principal: Decimal;
  unpaidPrincipal: Decimal;
  capitalized: Decimal;
  accrued: Decimal;
  gross: Decimal;
  costs: Decimal;
  unpaidCosts: Decimal;
  recovered: Decimal;
  paid: Record<AllocationPart, Decimal>;
  last: IsoDate;
  anniversaries: number;
}

const newState = (j: LedgerJudgment | null): State => ({
  j,
  principal: j?.principal ?? ZERO,
  unpaidPrincipal: j?.principal ?? ZERO,
  capitalized: ZERO,
  accrued: ZERO,
  gross: ZERO,
  costs: ZERO,
  unpaidCosts: ZERO,
  recovered: ZERO,
  paid: { interest: ZERO, principal: ZERO, costs: ZERO },
  last: j?.start ?? '0000-01-01',
  anniversaries: 0,
});

export function computeLedger(input: {
  currency: string;
  as_of: IsoDate;
  judgments: LedgerJudgment[];
  entries: LedgerEntryInput[];
}) {
  const { currency } = input;
  const round = (v: Decimal) => roundMoney(v, currency);
  const ordered = [...input.judgments].sort((a, b) =>
    a.start === b.start ? (a.id < b.id ? -1 : 1) : a.start < b.start ? -1 : 1,
  );
  const states = new Map(ordered.map((j) => [j.id, newState(j)]));
  // Matter-level costs and principal adjustments when no judgment is named (or none exists).
  const matter = newState(null);

  const accrue = (s: State, days: number, rate: Decimal, yearDays: number) => {
    const base = atLeastZero(s.unpaidPrincipal.plus(s.capitalized));
    const interest = round(base.times(rate).div(100).times(days).div(yearDays));
    s.accrued = s.accrued.plus(interest);
    s.gross = s.gross.plus(interest);
  };
  const segment = (s: State, from: IsoDate, to: IsoDate) => {
    if (!s.j || daysBetween(from, to) <= 0) return;
    const periods = s.j.periods ?? [{ from: s.j.start, rate_pct: s.j.rate_pct }];
    const actual = s.j.day_count === 'actual/actual';
    periods.forEach((p, i) => {
      const next = periods[i + 1]?.from ?? to;
      let a = maxDate(from, p.from);
      const b = minDate(to, next);
      if (!p.rate_pct) return;
      // actual/actual: each calendar year's days over that year's length (Fla. Admin. Code R. 69I-25.003(1)(b)).
      while (daysBetween(a, b) > 0) {
        const yearEnd = `${Number(a.slice(0, 4)) + 1}-01-01`;
        const end = actual ? minDate(b, yearEnd) : b;
        accrue(s, daysBetween(a, end), p.rate_pct, actual ? daysInYear(a) : 365);
        a = end;
      }
    });
  };
  const advance = (s: State, to: IsoDate) => {
    if (!s.j || to <= s.last) return;
    if (s.j.compounding === 'annual') {
      for (;;) {
        const anniversary = addYears(s.j.start, s.anniversaries + 1);
        if (anniversary > to) break;
        segment(s, s.last, anniversary);
        s.capitalized = s.capitalized.plus(s.accrued);
        s.accrued = ZERO;
        s.last = anniversary;
        s.anniversaries++;
      }
    }
    segment(s, s.last, to);
    s.last = to;
  };
  const pay = (s: State, amount: Decimal): Decimal => {
    let left = amount;
    const take = (part: AllocationPart, owed: () => Decimal, reduce: (x: Decimal) => void) => {
      const x = minOf(left, atLeastZero(owed()));
      if (x.lte(0)) return;
      reduce(x);
      s.paid[part] = s.paid[part].plus(x);
      left = left.minus(x);
    };
    for (const part of s.j?.allocation ?? ['interest', 'principal', 'costs']) {
      if (part === 'interest') {
        take(
          'interest',
          () => s.accrued,
          (x) => (s.accrued = s.accrued.minus(x)),
        );
        take(
          'interest',
          () => s.capitalized,
          (x) => (s.capitalized = s.capitalized.minus(x)),
        );
      } else if (part === 'principal')
        take(
          'principal',
          () => s.unpaidPrincipal,
          (x) => (s.unpaidPrincipal = s.unpaidPrincipal.minus(x)),
        );
      else
        take(
          'costs',
          () => s.unpaidCosts,
          (x) => (s.unpaidCosts = s.unpaidCosts.minus(x)),
        );
    }
    s.recovered = s.recovered.plus(amount.minus(left));
    return left;
  };

  let distributed = ZERO;
  let fees = ZERO;
  let recoveredTotal = ZERO;
  let recoveryEvents = 0;
  const entries = input.entries
    .filter((e) => e.date <= input.as_of)
    .sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1));
  for (const e of entries) {
    for (const s of states.values()) advance(s, e.date);
    const target = e.judgment_id ? (states.get(e.judgment_id) ?? null) : null;
    switch (e.type) {
      case 'recovery': {
        recoveredTotal = recoveredTotal.plus(e.amount);
        recoveryEvents++;
        let left = e.amount;
        for (const s of target ? [target] : states.values()) left = pay(s, left);
        pay(matter, left);
        break;
      }
      case 'cost': {
        const s = target ?? matter;
        s.costs = s.costs.plus(e.amount);
        s.unpaidCosts = s.unpaidCosts.plus(e.amount);
        break;
      }
      case 'adjustment': {
        // A correction to principal; without a judgment it lands on the oldest one.
        const s = target ?? states.values().next().value ?? matter;
        s.principal = s.principal.plus(e.amount);
        s.unpaidPrincipal = s.unpaidPrincipal.plus(e.amount);
        break;
      }
      case 'distribution':
        distributed = distributed.plus(e.amount);
        break;
      case 'fee':
        fees = fees.plus(e.amount);
        break;
    }
  }
  for (const s of states.values()) advance(s, input.as_of);

  const figures = (s: State): JudgmentFigures => {
    const unpaidInterest = s.accrued.plus(s.capitalized);
    return {
      principal: s.principal,
      accrued_interest: s.gross,
      costs: s.costs,
      recovered: s.recovered,
      interest_paid: s.paid.interest,
      principal_paid: s.paid.principal,
      costs_paid: s.paid.costs,
      unpaid_principal: s.unpaidPrincipal,
      unpaid_interest: unpaidInterest,
      unpaid_costs: s.unpaidCosts,
      balance_outstanding: atLeastZero(s.unpaidPrincipal.plus(unpaidInterest).plus(s.unpaidCosts)),
    };
  };
  const perJudgment = new Map([...states].map(([id, s]) => [id, figures(s)]));
  const all = [...states.values(), matter].map(figures);
  const total = (k: keyof JudgmentFigures) => all.reduce((a, f) => a.plus(f[k]), ZERO);
  const gross = total('principal').plus(total('accrued_interest')).plus(total('costs')).minus(recoveredTotal);
  const totals: LedgerTotals = {
    judgment_principal: total('principal'),
    accrued_interest: total('accrued_interest'),
    costs: total('costs'),
    recovered: recoveredTotal,
    distributed,
    fees,
    interest_paid: total('interest_paid'),
    principal_paid: total('principal_paid'),
    costs_paid: total('costs_paid'),
    balance_outstanding: atLeastZero(gross),
    overpayment: atLeastZero(gross.negated()),
    recovery_events: recoveryEvents,
  };
  return { totals, per_judgment: perJudgment };
}

const atLeastZero = (v: Decimal) => (v.gt(0) ? v : ZERO);
const daysInYear = (d: IsoDate) => {
  const y = Number(d.slice(0, 4));
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
};
const minOf = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);

/** Operator share of recoveries under the matter's contingency fee (rounded to minor units). */
export function operatorShare(recovered: Decimal, contingencyPct: number | string | null, currency: string): Decimal {
  if (contingencyPct === null || contingencyPct === undefined) return ZERO;
  return roundMoney(recovered.times(dec(String(contingencyPct))).div(100), currency);
}
