import { Decimal as PrismaDecimal } from '@prisma/client/runtime/client';

/**
 * Exact decimal arithmetic for money and interest (decimal.js, as bundled by Prisma). Never
 * floats: a float cannot hold 0.1, and interest over years of daily accrual would drift.
 * 40 significant digits is well beyond the 20+18 digits a stored amount may have, so only the
 * deliberate rounding to minor units ever loses precision.
 */
export const Decimal = PrismaDecimal.clone({ precision: 40, rounding: PrismaDecimal.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;

export const dec = (v: Decimal | string | number | { toFixed(): string }): Decimal =>
  v instanceof Decimal ? v : new Decimal(typeof v === 'object' ? v.toFixed() : v);

export const ZERO = new Decimal(0);

/** ISO 4217 codes with no minor unit; every other 3-letter code uses 2. Asset tickers keep 8. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG', 'RWF']);
const FIAT_LIKE = /^[A-Z]{3}$/;
const CRYPTO_TICKERS = new Set(['BTC', 'XBT', 'ETH', 'TRX', 'SOL', 'LTC', 'BCH', 'XMR', 'BNB', 'XRP', 'DOT', 'ZEC']);

export function minorUnits(currency: string): number {
  const c = currency.toUpperCase();
  if (CRYPTO_TICKERS.has(c) || !FIAT_LIKE.test(c)) return 8;
  return ZERO_DECIMAL.has(c) ? 0 : 2;
}

/** Half-up rounding to the currency's minor unit (the way a payoff statement is written). */
export const roundMoney = (v: Decimal, currency: string): Decimal =>
  v.toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_UP);

export const sum = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), ZERO);
