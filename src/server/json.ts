import { createHash } from 'node:crypto';

/**
 * JSON helpers.
 * - canonicalJson: sorted keys, no whitespace; the input of every hash (audit chain,
 *   idempotency fingerprint) so that key order never changes a hash.
 * - Exact decimals: money is stored as NUMERIC and must reach the client as a JSON number
 *   without passing through a float. `exactNumber()` marks a decimal string; `toJson()` writes
 *   it as a bare number literal.
 */

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const src = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(src).sort()) if (src[k] !== undefined) out[k] = sortKeys(src[k]);
    return out;
  }
  return value;
}

export const sha256Hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

// \u0001, not \u0000: PostgreSQL jsonb rejects \u0000, and stored responses (idempotency
// replays) keep the mark so a replay writes the same exact digits.
const MARK = '\u0001N:';
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** A decimal that serializes as a JSON number literal with all its digits. */
export class ExactNumber {
  constructor(readonly text: string) {
    if (!DECIMAL_RE.test(text)) throw new Error(`not a plain decimal: ${text}`);
  }
  toJSON() {
    return MARK + this.text;
  }
}

/** Accepts a Prisma Decimal (decimal.js), a number or a decimal string. */
export function exactNumber(v: { toFixed(): string } | number | string): ExactNumber {
  const text = typeof v === 'object' ? v.toFixed() : typeof v === 'number' ? plain(v) : v;
  return new ExactNumber(normalizeDecimal(text));
}

/** Shortest plain (non-exponent) text of a JS number. */
function plain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** "1.500" → "1.5", "-0" → "0". */
export function normalizeDecimal(text: string): string {
  let t = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  if (/^-0+$/.test(t)) t = '0';
  return t;
}

const MARK_RE = /"\\u0001N:(-?\d+(?:\.\d+)?)"/g;

export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(MARK_RE, '$1');
}
