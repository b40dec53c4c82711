import federal from '../../../../data/us-federal-holidays/holidays.json' with { type: 'json' };
import stateData from '../../../../data/us-state-holidays/holidays.json' with { type: 'json' };
import { addDays, isWeekend, type IsoDate } from './dates';
import type { ResolvedRules } from './jurisdiction-rules';

/**
 * Time computed as the forum computes it. A period that ends on a Saturday, Sunday or legal
 * holiday runs to the next day that is none of those (FRCP 6(a)(1)(C) and each state's
 * analogue). Which days are legal holidays depends on the forum: federal courts count the
 * federal holidays (5 U.S.C. 6103) and, for periods measured forward, the days the forum state
 * declares holidays (FRCP 6(a)(6)(C)); state courts count the state's own. Tables are shipped
 * data (data/us-federal-holidays, data/us-state-holidays); where a state's table is missing the
 * federal one stands in and the answer says so (review_required) rather than guessing.
 *
 * Only periods whose roll-forward is the cautious direction use this: the end of the automatic
 * stay (enforcement starts later, never early). Filing deadlines measured in years keep the
 * unrolled date (the earlier, safe day) until counsel confirms the rule reaches them.
 */
interface HolidayTable {
  code: string;
  dates: ReadonlySet<IsoDate>;
  years: readonly [number, number];
  citation: string;
}

const FEDERAL: HolidayTable = {
  code: 'US-FED',
  dates: new Set(federal.holidays.map((h) => h.date)),
  years: federal.years as [number, number],
  citation: '5 U.S.C. § 6103 (data/us-federal-holidays)',
};

const STATES = new Map<string, HolidayTable>(
  Object.entries(stateData.states as Record<string, { citation: string; holidays: { date: string }[] }>).map(
    ([code, s]) => [
      code,
      {
        code,
        dates: new Set(s.holidays.map((h) => h.date)),
        years: stateData.years as [number, number],
        citation: `${s.citation} (data/us-state-holidays)`,
      },
    ],
  ),
);

const FRCP_6A = 'Fed. R. Civ. P. 6(a)(1)(C), 6(a)(6)';

export interface CourtDay {
  date: IsoDate;
  /** The time rule and the holiday tables the date was computed with. */
  basis: string;
  review_reasons: string[];
}

function tablesFor(rules: ResolvedRules): { tables: HolidayTable[]; rule: string; reasons: string[] } {
  const missing = (state: string, why: string) =>
    `${why} No holiday table for ${state} ships in data/us-state-holidays; the date was computed with federal holidays only: check it against ${state}'s holiday list.`;
  if (rules.federal) {
    const state = rules.forum_state ? STATES.get(rules.forum_state) : undefined;
    if (state) return { tables: [FEDERAL, state], rule: FRCP_6A, reasons: [] };
    return {
      tables: [FEDERAL],
      rule: FRCP_6A,
      reasons: rules.forum_state
        ? [missing(rules.forum_state, 'FRCP 6(a)(6)(C) also counts days the forum state declares holidays.')]
        : [],
    };
  }
  const tr = rules.time_rule;
  if (!tr) return { tables: [FEDERAL], rule: `${FRCP_6A} (by analogy; the forum's rule is unknown)`, reasons: [] };
  if (tr.holidays === 'federal') return { tables: [FEDERAL], rule: tr.citation, reasons: [] };
  const state = STATES.get(rules.code);
  if (state) return { tables: [state], rule: tr.citation, reasons: [] };
  return {
    tables: [FEDERAL],
    rule: tr.citation,
    reasons: [missing(rules.code, `${tr.citation} counts the state's legal holidays.`)],
  };
}

const isHoliday = (d: IsoDate, tables: HolidayTable[]) => tables.some((t) => t.dates.has(d));

/** `d` if it is a court day in the forum, else the next day that is (FRCP 6(a)(1)(C)). */
export function rollToCourtDay(d: IsoDate, rules: ResolvedRules): CourtDay {
  const { tables, rule, reasons } = tablesFor(rules);
  let out = d;
  let covered = true;
  for (;;) {
    const y = Number(out.slice(0, 4));
    if (tables.some((t) => y < t.years[0] || y > t.years[1])) covered = false;
    if (!isWeekend(out) && !isHoliday(out, tables)) break;
    out = addDays(out, 1);
  }
  const review = [...reasons];
  if (!covered)
    review.push(
      `${out} lies outside the shipped holiday tables (${tables.map((t) => `${t.code} ${t.years[0]}-${t.years[1]}`).join(', ')}); holidays near it were not applied.`,
    );
  return {
    date: out,
    basis: `${rule}; holidays: ${tables.map((t) => t.citation).join(' + ')}`,
    review_reasons: review,
  };
}

/** The last day of a period of `days` days after `start` (start not counted), as the forum counts it. */
export const periodEndInDays = (start: IsoDate, days: number, rules: ResolvedRules): CourtDay =>
  rollToCourtDay(addDays(start, days), rules);
