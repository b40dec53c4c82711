/**
 * How exported documents write values for a reader rather than a program: amounts with
 * thousands separators and their currency, dates in words, field codes as words, and (outside
 * the `none` profile) no internal ids or repository file paths. Pure string functions, run in
 * the render worker.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Currencies written with a leading symbol; every other unit (EUR, ETH, USDC…) follows the amount. */
const SYMBOLS: Record<string, string> = { USD: '$' };
/** Fiat currencies show cents; crypto units keep the digits they were recorded with. */
const TWO_DECIMALS = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY']);

/** "1250000" → "1,250,000"; works on the decimal string, so no precision is lost. */
function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * An exact decimal (string or number) in a currency: "$1,250,000.00" for USD,
 * "1,250,000.00 EUR", "12.5 ETH". Anything that is not a decimal is returned as it came.
 */
export function formatAmount(amount: unknown, currency?: unknown): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const raw = String(amount).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw);
  const cur = typeof currency === 'string' ? currency.toUpperCase() : '';
  if (!m) return cur ? `${raw} ${cur}` : raw;
  const [, sign, int, frac = ''] = m;
  const decimals = TWO_DECIMALS.has(cur) ? (frac.replace(/0+$/, '').length > 2 ? frac : frac.padEnd(2, '0')) : frac;
  const body = `${groupThousands(int)}${decimals ? `.${decimals}` : ''}`;
  if (SYMBOLS[cur]) return `${sign}${SYMBOLS[cur]}${body}`;
  return `${sign}${body}${cur ? ` ${cur}` : ''}`;
}

/** A money object of the API ({amount_decimal | amount, currency}) as text. */
export function formatMoney(m: { amount_decimal?: unknown; amount?: unknown; currency?: unknown } | null | undefined) {
  if (!m) return '';
  return formatAmount(m.amount_decimal ?? m.amount, m.currency);
}

/**
 * A date ("2026-03-01") as "March 1, 2026"; a timestamp ("2026-03-01T14:05:09.120Z") as
 * "March 1, 2026, 14:05 UTC". Anything else is returned as it came.
 */
export function formatDate(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (!m) return s;
  const [, y, mo, d, hh, mm, zone] = m;
  const month = MONTHS[Number(mo) - 1];
  if (!month) return s;
  const day = `${month} ${Number(d)}, ${y}`;
  if (hh === undefined) return day;
  if (zone && zone !== 'Z') {
    // Timestamps the API writes are UTC; an offset one is shown in UTC too.
    const t = new Date(s);
    if (Number.isNaN(t.getTime())) return s;
    return formatDate(t.toISOString());
  }
  return `${day}, ${hh}:${mm} UTC`;
}

/** A code ("engagement_letter", "court_order") as words ("Engagement letter"). */
export function humanize(code: unknown): string {
  if (code === null || code === undefined) return '';
  const s = String(code).replace(/_/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * Internal ids (`<prefix>_` + 24 base62 characters, e.g. org_…, key_…, usr_…, mtr_…) and
 * request ids. A prefix is 2 to 4 lower-case letters (src/server/ids.ts).
 */
export const INTERNAL_ID = /\b[a-z]{2,4}_[0-9A-Za-z]{24}\b/g;
/** A file path of this repository (reference datasets are named by their path in `data/`). */
const REPO_PATH = /\b(?:data|src|prisma|scripts|tests)\/(?:[\w.-]+\/)*([\w-]+)(?:\.[a-z]{2,5})?(?![\w/])/g;

/** A dataset file name as its title: "data/labels/evm_exchange_labels.csv" → "Evm exchange labels dataset". */
const datasetTitle = (base: string) =>
  `${humanize(base.replace(/-?\d{4}-\d{2}-\d{2}$/, '').replace(/-/g, '_'))} dataset`;

/**
 * Text for a reader outside the operator: internal ids become "(internal reference)" and
 * repository paths the dataset's title. Under the `none` profile the text is returned whole.
 */
export function publicText(text: string, profile: string): string {
  if (profile === 'none') return text;
  return text.replace(REPO_PATH, (_m, base: string) => datasetTitle(base)).replace(INTERNAL_ID, '(internal reference)');
}
