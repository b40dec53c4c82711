import { exactNumber, type ExactNumber } from './json';

/** The money object every response carries (API-CONTRACT §2). */
export interface MoneyJson {
  amount: ExactNumber;
  amount_decimal: string;
  currency: string;
  valuation_time?: string;
}

/**
 * A money object for a response: `amount` is the exact decimal as a JSON number literal, and
 * `amount_decimal` the same digits as a string, because `JSON.parse` in JavaScript (and most
 * JSON libraries) rounds a number beyond 15–17 significant digits to a float. Every money
 * serializer goes through here so the two can never disagree.
 */
export function moneyJson(
  value: { toFixed(): string } | number | string,
  currency: string,
  valuationTime?: Date | null,
): MoneyJson {
  const amount = exactNumber(value);
  return {
    amount,
    amount_decimal: amount.text,
    currency,
    ...(valuationTime ? { valuation_time: valuationTime.toISOString() } : {}),
  };
}
