/**
 * Shared by the chains that read histories from SQL (the sandbox chain, the evm_rpc scan store):
 * the open bounds of a time range, and the one-json_agg-value read. A history comes back as
 * one JSON value: one parse instead of a value per cell converted by the driver adapter.
 */
export const FAR_PAST = new Date('1970-01-01T00:00:00Z');
export const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

/** The rows of a `json_agg(...) AS rows` result: PGlite answers the JSON as text, pg as parsed. */
export function aggRows<P>(raw: P[] | string | null | undefined): P[] {
  if (!raw) return [];
  return typeof raw === 'string' ? (JSON.parse(raw) as P[]) : raw;
}
