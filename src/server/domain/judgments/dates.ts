/**
 * Calendar-date arithmetic on `YYYY-MM-DD` strings, in UTC so a server's time zone can never
 * move a legal deadline by a day.
 */
const DAY_MS = 86_400_000;

export type IsoDate = string;

function parts(d: IsoDate): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!m) throw new Error(`not a date: ${d}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const fmt = (t: number): IsoDate => new Date(t).toISOString().slice(0, 10);
const toMs = (d: IsoDate) => {
  const [y, m, day] = parts(d);
  return Date.UTC(y, m - 1, day);
};

export const isoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);
export const toDate = (d: IsoDate): Date => new Date(toMs(d));
export const addDays = (d: IsoDate, n: number): IsoDate => fmt(toMs(d) + n * DAY_MS);

/** Same month and day n years later; 29 February becomes 28 February in a common year. */
export function addYears(d: IsoDate, n: number): IsoDate {
  const [y, m, day] = parts(d);
  const last = new Date(Date.UTC(y + n, m, 0)).getUTCDate();
  return fmt(Date.UTC(y + n, m - 1, Math.min(day, last)));
}

/** Whole days from a to b (positive when b is later). */
export const daysBetween = (a: IsoDate, b: IsoDate): number => Math.round((toMs(b) - toMs(a)) / DAY_MS);

export const isWeekend = (d: IsoDate) => [0, 6].includes(new Date(toMs(d)).getUTCDay());

/** A period that ends on a Saturday or Sunday runs to the following Monday. */
export function rollPastWeekend(d: IsoDate): IsoDate {
  let out = d;
  while (isWeekend(out)) out = addDays(out, 1);
  return out;
}

export const maxDate = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
export const minDate = (a: IsoDate, b: IsoDate) => (a < b ? a : b);

/** The next date on or after `from` whose month is in `months` and day is `day`. */
export function nextMonthDay(from: IsoDate, months: number[], day: number): IsoDate {
  const [y] = parts(from);
  const candidates: IsoDate[] = [];
  for (const year of [y, y + 1]) for (const m of months) candidates.push(fmt(Date.UTC(year, m - 1, day)));
  return candidates.sort().find((c) => c >= from)!;
}
