import { z } from 'zod';
import { ApiError } from '../errors';
import { config } from '../config';

/** Turns the first zod issue into the contract's 400 (`parameter_missing|unknown|invalid`). */
export function parseOrThrow<T extends z.ZodType>(schema: T, raw: unknown, where: 'body' | 'query'): z.output<T> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  throw zodToApiError(r.error, raw, where);
}

export function zodToApiError(error: z.ZodError, raw: unknown, where: 'body' | 'query' = 'body'): ApiError {
  const issue = error.issues[0];
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const param = formatParam([...path, issue.keys[0]]);
    return new ApiError('parameter_unknown', `Received unknown ${where === 'query' ? 'query parameter' : 'parameter'}: ${param}`, { param });
  }
  const param = formatParam(path);
  if (issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined) {
    return new ApiError('parameter_missing', `Missing required param: ${param}.`, { param });
  }
  return new ApiError('parameter_invalid', `Invalid ${param || where}: ${issue.message}`, { param: param || undefined });
}

/** `a.b[0].c` – the style Stripe uses in `param`. */
export function formatParam(path: (string | number | symbol)[]): string {
  return path
    .map((p, i) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `[${String(p)}]` : (i ? '.' : '') + String(p)))
    .join('');
}

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

const MAX_DEPTH = 20;

/**
 * Structural limits applied to every JSON body before its schema, so free-form objects
 * (economics, details, thresholds) are bounded too: arrays ≤ 1,000 items, strings ≤ 10,000
 * characters, nesting ≤ 20 levels.
 */
export function checkLimits(value: unknown, path: (string | number)[] = [], depth = 0): void {
  if (depth > MAX_DEPTH) throw new ApiError('parameter_invalid', `Nesting deeper than ${MAX_DEPTH} levels.`, { param: formatParam(path) });
  if (typeof value === 'string') {
    if (value.length > config.maxStringLength) {
      throw new ApiError('parameter_invalid', `String longer than ${config.maxStringLength} characters.`, { param: formatParam(path) });
    }
  } else if (Array.isArray(value)) {
    if (value.length > config.maxArrayItems) {
      throw new ApiError('parameter_invalid', `Array has more than ${config.maxArrayItems} items.`, { param: formatParam(path) });
    }
    value.forEach((v, i) => checkLimits(v, [...path, i], depth + 1));
  } else if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length > config.maxArrayItems) {
      throw new ApiError('parameter_invalid', `Object has more than ${config.maxArrayItems} keys.`, { param: formatParam(path) });
    }
    for (const [k, v] of entries) checkLimits(v, [...path, k], depth + 1);
  }
}
