/**
 * The transaction timeline as series on a real time axis: each transfer is a point at its
 * timestamp (so a gap of a month looks like a month, not like the gap of a day), one panel per
 * unit (ETH on its own axis, USD stablecoins together on another: an ether and a dollar do
 * not share a scale), and a USD view that values every transfer at the asset map's price of
 * its asset. Pure: the chart component draws what this returns.
 */
import type { TimelineEvent, TokenExposure } from './types';

/** Stablecoins redeemable for one US dollar: one unit, "USD stablecoins". */
const USD_STABLECOINS = new Set([
  'USDC',
  'USDT',
  'DAI',
  'PYUSD',
  'USDP',
  'TUSD',
  'FDUSD',
  'GUSD',
  'BUSD',
  'USDE',
  'USDS',
]);
export const STABLECOIN_UNIT = 'USD stablecoins';

export const unitOf = (asset: string) => (USD_STABLECOINS.has(asset.toUpperCase()) ? STABLECOIN_UNIT : asset);

export interface TimelinePoint {
  /** Milliseconds since the epoch: the x axis is time. */
  t: number;
  /** Positive when received, negative when sent. */
  value: number;
  asset: string;
  hash: string;
}

export interface TimelineSeries {
  /** "ETH", "USD stablecoins", or "USD" in the USD view. */
  unit: string;
  /** "in" and "out" points of the unit, in time order. */
  incoming: TimelinePoint[];
  outgoing: TimelinePoint[];
}

export interface TimelineView {
  /** The shared time domain of every panel. */
  domain: [number, number];
  series: TimelineSeries[];
  /** Assets with no price on the asset map: left out of the USD view (named, not hidden). */
  unpriced: string[];
}

/**
 * USD per unit of each asset, from the asset map's rows (usd_value / amount of the rows that
 * carry both). An asset priced differently on several rows takes the total value over the
 * total amount.
 */
export function assetPrices(rows: readonly TokenExposure[]): Map<string, number> {
  const sums = new Map<string, { usd: number; amount: number }>();
  for (const r of rows) {
    const usd = Number(r.usd_value);
    const amount = Number(r.amount);
    if (r.usd_value === null || !Number.isFinite(usd) || !Number.isFinite(amount) || amount <= 0) continue;
    const key = r.asset.toUpperCase();
    const s = sums.get(key) ?? { usd: 0, amount: 0 };
    s.usd += usd;
    s.amount += amount;
    sums.set(key, s);
  }
  return new Map([...sums].map(([k, s]) => [k, s.usd / s.amount]));
}

/** Series per unit (or one USD series when `usd` is given the asset map's prices). */
export function timelineView(events: readonly TimelineEvent[], prices?: Map<string, number>): TimelineView {
  const byUnit = new Map<string, TimelineSeries>();
  const unpriced = new Set<string>();
  const sorted = [...events]
    .map((e) => ({ e, t: Date.parse(e.timestamp) }))
    .filter((x) => Number.isFinite(x.t))
    .sort((a, b) => a.t - b.t || (a.e.transaction_hash < b.e.transaction_hash ? -1 : 1));
  for (const { e, t } of sorted) {
    let amount = Number(e.amount);
    if (!Number.isFinite(amount)) continue;
    let unit = unitOf(e.asset);
    if (prices) {
      const asset = e.asset.toUpperCase();
      const price = prices.get(asset) ?? (unit === STABLECOIN_UNIT ? 1 : undefined);
      if (price === undefined) {
        unpriced.add(e.asset);
        continue;
      }
      amount *= price;
      unit = 'USD';
    }
    const s = byUnit.get(unit) ?? { unit, incoming: [], outgoing: [] };
    const out = e.direction === 'out';
    (out ? s.outgoing : s.incoming).push({
      t,
      value: out ? -Math.abs(amount) : Math.abs(amount),
      asset: e.asset,
      hash: e.transaction_hash,
    });
    byUnit.set(unit, s);
  }
  const times = sorted.map((x) => x.t);
  const [first, last] = times.length ? [times[0], times[times.length - 1]] : [0, 0];
  // A single instant still gets an axis: a day either side.
  const domain: [number, number] = first === last ? [first - 86_400_000, last + 86_400_000] : [first, last];
  return {
    domain,
    series: [...byUnit.values()].sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0)),
    unpriced: [...unpriced].sort(),
  };
}

/** About `count` round ticks (hours, days, weeks, months or years) across a time domain. */
export function timeTicks([from, to]: [number, number], count = 6): number[] {
  const span = Math.max(1, to - from);
  const steps = [3_600_000, 6 * 3_600_000, 86_400_000, 7 * 86_400_000, 30 * 86_400_000, 365 * 86_400_000];
  const step = steps.find((s) => span / s <= count) ?? Math.ceil(span / count / steps[5]) * steps[5];
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}
