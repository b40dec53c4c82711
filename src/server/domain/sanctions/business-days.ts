/**
 * Business days for OFAC reporting deadlines: weekdays that are not US federal holidays (as
 * observed, from the shipped table data/us-federal-holidays/holidays.json). Pure: the caller
 * hands in the table.
 */
export interface HolidayTable {
  /** Observed dates (YYYY-MM-DD) on which federal offices close. */
  dates: ReadonlySet<string>;
  /** First and last year the table covers. */
  years: readonly [number, number];
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function isBusinessDay(iso: string, table: HolidayTable): boolean {
  const dow = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return dow !== 0 && dow !== 6 && !table.dates.has(iso);
}

/**
 * The date `n` business days after `start` (day 1 is the first business day after it), and
 * whether the table covered every day counted (otherwise a holiday may be missing).
 */
export function addBusinessDays(start: string, n: number, table: HolidayTable): { date: string; covered: boolean } {
  let d = start;
  let left = n;
  let covered = true;
  while (left > 0) {
    d = addDays(d, 1);
    const y = Number(d.slice(0, 4));
    if (y < table.years[0] || y > table.years[1]) covered = false;
    if (isBusinessDay(d, table)) left--;
  }
  return { date: d, covered };
}

/** OFAC's blocked-property report is due within 10 business days of blocking (31 CFR 501.603(b)(1)(i)). */
export const OFAC_REPORT_BUSINESS_DAYS = 10;
