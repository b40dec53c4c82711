import { exactNumber } from '../../json';
import { pegValuation, type Stablecoin } from '../../domain/crypto/stablecoins';
import { priceAt, PRICES_DATASET, type PricedAsset } from '../../domain/crypto/prices';
import { dec } from '../../domain/judgments/decimal';
import { priceIndex } from './reference-data';

export type Valuation = NonNullable<ReturnType<typeof valueOf>>;

/**
 * The USD value of an amount at `at`: a registry stablecoin at its 1 USD peg; a native coin at
 * the last daily close on or before `at` (data/prices), saying so when that close is stale (more
 * than STALE_AFTER_DAYS before `at`: the data ends there). Null when there is no price: an
 * unverified token or an unpriced asset is never valued. Asset maps, stablecoin exposure and
 * monitoring alerts all value through this one function.
 */
export function valueOf(coin: Stablecoin | null, asset: PricedAsset | null, amount: string, at: Date) {
  if (coin) return pegValuation(amount);
  if (!asset) return null;
  const p = priceAt(priceIndex(), asset, at);
  if (!p) return null;
  return {
    usd: dec(amount).times(dec(p.close)).toDecimalPlaces(8).toFixed(),
    price: p.close,
    basis: 'daily_close',
    price_date: p.date,
    source: `${PRICES_DATASET.name}: ${p.source}`,
    stale: p.stale
      ? `${asset} is valued at its ${p.date} close (${p.close} USD), ${p.stale_days} days before the valuation time: the price data ends there`
      : null,
  };
}

/**
 * The valuation fields of an output (as on an asset map's rows): the value, its basis, the time
 * it is valued at, the price used, the day of that price and its source; all null when not valued.
 */
export function valuationOut(v: Valuation | null, at: Date) {
  return {
    usd_value: v ? exactNumber(v.usd) : null,
    valuation_basis: v?.basis ?? null,
    valuation_time: v ? at.toISOString() : null,
    price_usd: v ? exactNumber(v.price) : null,
    price_date: v?.price_date ?? null,
    price_source: v?.source ?? null,
  };
}
