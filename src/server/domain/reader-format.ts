/**
 * How text for a reader writes amounts and dates: thousands separators and the currency,
 * dates in words. Pure string functions on the exact decimal strings the API answers, shared
 * by the exported documents (services/exports/present.ts) and the report bodies
 * (domain/reports/bodies.ts), so a report reads the same in the API as in its PDF.
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
