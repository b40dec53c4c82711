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
    return new ApiError(
      'parameter_unknown',
      `Received unknown ${where === 'query' ? 'query parameter' : 'parameter'}: ${param}`,
      { param },
    );
  }
  const param = formatParam(path);
  // Whatever the issue's kind (a type, an enum value, a union, a refinement), a field that is
  // absent from its object is missing, not invalid: `mode` left out of a body is
  // parameter_missing whether `mode` is a string, an enum or a union.
  if (path.length > 0 && isAbsent(raw, issue.path)) {
    return new ApiError('parameter_missing', `Missing required param: ${param}.`, { param });
  }
  return new ApiError('parameter_invalid', `Invalid ${param || where}: ${issue.message}`, {
    param: param || undefined,
  });
}

/** `a.b[0].c` – the style Stripe uses in `param`. */
export function formatParam(path: (string | number | symbol)[]): string {
  return path
    .map((p, i) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `[${String(p)}]` : (i ? '.' : '') + String(p)))
    .join('');
}

/** True when the field's parent is an object that lacks it (not when the parent is itself wrong). */
function isAbsent(raw: unknown, path: PropertyKey[]): boolean {
  const parent = valueAt(raw, path.slice(0, -1));
  return (
    parent !== null &&
    typeof parent === 'object' &&
    !Array.isArray(parent) &&
    (parent as Record<PropertyKey, unknown>)[path[path.length - 1]] === undefined
  );
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
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL that reached the database would fail
 * the statement (a 500) — and the JSON writer uses it as an internal marker. Refused up front.
 */
const NUL = '\u0000';
const nulError = (param: string | undefined, what = 'Strings') =>
  new ApiError('parameter_invalid', `${what} must not contain the NUL character (\\u0000).`, {
    param: param || undefined,
  });

function checkString(s: string, path: (string | number)[]) {
  if (s.length > config.maxStringLength) {
    throw new ApiError('parameter_invalid', `String longer than ${config.maxStringLength} characters.`, {
      param: formatParam(path),
    });
  }
  if (s.includes(NUL)) throw nulError(formatParam(path));
  if (LONE_SURROGATE.test(s)) throw loneSurrogate(formatParam(path));
}

/** Half of a UTF-16 pair on its own: not a character, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const loneSurrogate = (param: string | undefined, what = 'Strings') =>
  new ApiError('parameter_invalid', `${what} must be valid Unicode (a lone surrogate such as \\ud800 is not).`, {
    param: param || undefined,
  });

/**
 * Structural limits applied to every JSON body before its schema, so free-form objects
 * (economics, details, thresholds) are bounded too: arrays ≤ 1,000 items, strings (values and
 * keys) ≤ 10,000 characters without NUL, nesting ≤ 20 levels.
 */
export function checkLimits(value: unknown, path: (string | number)[] = [], depth = 0): void {
  if (depth > MAX_DEPTH)
    throw new ApiError('parameter_invalid', `Nesting deeper than ${MAX_DEPTH} levels.`, { param: formatParam(path) });
  if (typeof value === 'string') {
    checkString(value, path);
  } else if (Array.isArray(value)) {
    if (value.length > config.maxArrayItems) {
      throw new ApiError('parameter_invalid', `Array has more than ${config.maxArrayItems} items.`, {
        param: formatParam(path),
      });
    }
    value.forEach((v, i) => checkLimits(v, [...path, i], depth + 1));
  } else if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length > config.maxArrayItems) {
      throw new ApiError('parameter_invalid', `Object has more than ${config.maxArrayItems} keys.`, {
        param: formatParam(path),
      });
    }
    for (const [k, v] of entries) {
      // A bad key is reported at its parent: the key itself is not safe to echo.
      if (k.length > config.maxStringLength)
        throw new ApiError('parameter_invalid', `Object key longer than ${config.maxStringLength} characters.`, {
          param: formatParam(path) || undefined,
        });
      if (k.includes(NUL)) throw nulError(formatParam(path), 'Object keys');
      if (LONE_SURROGATE.test(k)) throw loneSurrogate(formatParam(path), 'Object keys');
      // JSON.parse keeps "__proto__" as a plain key, but any object spread or copy later drops
      // it or, worse, sets a prototype: refused rather than lost silently.
      if (k === '__proto__')
        throw new ApiError('parameter_unknown', 'Received unknown parameter: __proto__', {
          param: formatParam([...path, k]),
        });
      checkLimits(v, [...path, k], depth + 1);
    }
  }
}

/** Query strings get the same NUL rule as bodies (their values reach SQL filters). */
export function checkQueryText(params: URLSearchParams): void {
  for (const [k, v] of params) {
    if (k.includes(NUL)) throw nulError(undefined, 'Query parameter names');
    if (v.includes(NUL)) throw nulError(k);
    if (k === '__proto__')
      throw new ApiError('parameter_unknown', 'Received unknown query parameter: __proto__', { param: k });
  }
}
