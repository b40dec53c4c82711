/**
 * Scope matching: `*` grants everything, `<family>:*` a whole family, otherwise exact.
 * Every known scope is listed so that issuing a key with a typo fails loudly.
 */
import operations from '../operations/catalog.json' with { type: 'json' };

/** Scopes no single operation declares: checked inside one (moving a packet to `approved`). */
export const EXTRA_SCOPES = ['packets:approve'] as const;

export const KNOWN_SCOPES: ReadonlySet<string> = new Set([...operations.map((o) => o.scope), ...EXTRA_SCOPES]);
export const KNOWN_FAMILIES: ReadonlySet<string> = new Set([...KNOWN_SCOPES].map((s) => s.split(':')[0]));

/**
 * Every scope string a key may carry, in the order the reference lists them: `*`, each family's
 * wildcard, then each scope. The API's closed set (an enum in the OpenAPI document).
 */
export const SCOPE_NAMES = ['*', ...[...KNOWN_FAMILIES].sort().map((f) => `${f}:*`), ...[...KNOWN_SCOPES].sort()] as [
  string,
  ...string[],
];

export function grants(granted: readonly string[], required: string): boolean {
  const family = required.split(':')[0];
  return granted.some((g) => g === '*' || g === required || g === `${family}:*`);
}

/** A scope string a key may carry: `*`, a known family wildcard, or a known scope. */
export function isValidScope(s: string): boolean {
  if (s === '*') return true;
  const [family, action] = s.split(':');
  if (action === '*') return KNOWN_FAMILIES.has(family);
  return KNOWN_SCOPES.has(s);
}

/** Does `outer` cover every scope in `inner`? Used so a key cannot mint a stronger key. */
export function covers(outer: readonly string[], inner: readonly string[]): boolean {
  return inner.every((s) => {
    if (s === '*') return outer.includes('*');
    const [family, action] = s.split(':');
    if (action === '*') return outer.includes('*') || outer.includes(`${family}:*`);
    return grants(outer, s);
  });
}
