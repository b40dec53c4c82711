/**
 * Dated USD prices from the shipped daily closes (data/prices/daily-closes.csv). Pure: parsing,
 * validation of a source CSV (for the refresh script), and the close that values an amount at a
 * time. Stablecoins are not priced here: the token registry values them at their 1 USD peg.
 */

export const PRICES_DATASET = { name: 'data/prices/daily-closes.csv', as_of: '2025-09-30' };

/** The assets the dataset carries, and the file-name aliases they are published under. */
export const PRICED_ASSETS = ['BTC', 'ETH', 'TRX', 'SOL', 'BNB', 'POL'] as const;
export type PricedAsset = (typeof PRICED_ASSETS)[number];
/** MATIC was renamed POL (Polygon's 2024 migration); older datasets publish it as MATIC. */
export const ASSET_ALIASES: Record<string, PricedAsset> = { MATIC: 'POL' };

/** A valued amount older than this many days before its valuation time says so and is reviewed. */
export const STALE_AFTER_DAYS = 2;

export interface Close {
  date: string; // YYYY-MM-DD (UTC day of the close)
  close: string; // exact decimal text, USD
  source: string;
}
export type PriceIndex = Map<PricedAsset, Close[]>; // each sorted by date

export const pricedAsset = (ticker: string): PricedAsset | null => {
  const t = ticker.toUpperCase();
  if ((PRICED_ASSETS as readonly string[]).includes(t)) return t as PricedAsset;
  return ASSET_ALIASES[t] ?? null;
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL_RE = /^\d+(\.\d+)?$/;

/** Parses the shipped file (asset,date,close_usd,source), sorted per asset. Throws on a bad row. */
export function parseDailyCloses(text: string): PriceIndex {
  const idx: PriceIndex = new Map();
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines[0]?.trim() !== 'asset,date,close_usd,source') throw new Error('daily-closes.csv: unexpected header');
  for (const [i, line] of lines.slice(1).entries()) {
    const [asset, date, close, ...rest] = line.split(',');
    const a = pricedAsset(asset ?? '');
    if (!a || !DATE_RE.test(date ?? '') || !DECIMAL_RE.test(close ?? '') || !rest.length)
      throw new Error(`daily-closes.csv line ${i + 2}: bad row`);
    const list = idx.get(a) ?? [];
    list.push({ date, close, source: rest.join(',') });
    idx.set(a, list);
  }
  for (const list of idx.values()) list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  return idx;
}

/**
 * The close that values `asset` at `at`: the last close on or before that UTC day. `stale_days`
 * counts the days between the close and `at`; a close more than STALE_AFTER_DAYS old is stale.
 * Null when the dataset has no close on or before `at`.
 */
export function priceAt(idx: PriceIndex, asset: PricedAsset, at: Date) {
  const list = idx.get(asset);
  if (!list?.length) return null;
  const day = at.toISOString().slice(0, 10);
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].date <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return null;
  const c = list[found];
  const stale_days = Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${c.date}T00:00:00Z`)) / 86_400_000);
  return { ...c, stale_days, stale: stale_days > STALE_AFTER_DAYS };
}

/**
 * A source CSV for the refresh: a `Date` column and a close column (`Close`, `Adj Close` or
 * `Adj_Close`). Rows with an empty or `null` close are skipped and counted; anything else that is
 * not a date and a positive decimal is an error naming its line.
 */
export function readSourceCsv(text: string): { rows: { date: string; close: string }[]; skipped: number } {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const head = (lines[0] ?? '').split(',').map((h) => h.trim());
  const di = head.indexOf('Date');
  const ci = ['Close', 'Adj Close', 'Adj_Close'].map((h) => head.indexOf(h)).find((i) => i >= 0) ?? -1;
  if (di < 0 || ci < 0) throw new Error(`no Date and Close columns in header '${lines[0] ?? ''}'`);
  const rows: { date: string; close: string }[] = [];
  let skipped = 0;
  const seen = new Set<string>();
  for (const [i, line] of lines.slice(1).entries()) {
    const f = line.split(',');
    const date = (f[di] ?? '').trim().slice(0, 10);
    const raw = (f[ci] ?? '').trim();
    if (raw === '' || raw === 'null') {
      skipped++;
      continue;
    }
    if (!DATE_RE.test(date) || Number.isNaN(Date.parse(date))) throw new Error(`line ${i + 2}: bad date '${f[di]}'`);
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`line ${i + 2}: bad close '${raw}'`);
    if (seen.has(date)) throw new Error(`line ${i + 2}: date ${date} repeated`);
    seen.add(date);
    // Exact text as published (no float round trip), normalized to plain decimal.
    rows.push({ date, close: /^\d+(\.\d+)?$/.test(raw) ? raw : n.toFixed(12).replace(/\.?0+$/, '') });
  }
  return { rows, skipped };
}
