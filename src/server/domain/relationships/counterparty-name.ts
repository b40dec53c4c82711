/**
 * The key a counterparty is found by within an organization's environment: its type and its
 * name normalized, so "Coinbase, Inc.", "coinbase  inc" and "COINBASE INC." are one
 * counterparty. Unicode compatibility forms are folded (NFKC), letter case is folded, the
 * punctuation that names vary in (periods, commas) becomes space, and runs of white space
 * collapse to one.
 */
export function normalizeCounterpartyName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
}
