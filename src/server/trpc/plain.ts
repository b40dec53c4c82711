import { ExactNumber } from '../json';

/** A service result as the console receives it: exact decimals become decimal strings. */
export type Plain<T> = T extends ExactNumber
  ? string
  : T extends Date
    ? T
    : T extends readonly (infer U)[]
      ? Plain<U>[]
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : T;

/**
 * REST writes money as bare JSON number literals (ExactNumber). tRPC's transformer would see an
 * opaque object, and a JS number would lose digits, so the console gets the exact decimal text.
 */
export function plain<T>(value: T): Plain<T> {
  if (value instanceof ExactNumber) return value.text as Plain<T>;
  if (Array.isArray(value)) return value.map(plain) as Plain<T>;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)])) as Plain<T>;
  }
  return value as Plain<T>;
}
