import type { PacketFamily } from './families';
import type { RecipientTarget } from './readiness';

/** Families addressed to the exchange (VASP) that holds the funds. */
export const EXCHANGE_ADDRESSED: readonly PacketFamily[] = [
  'exchange_intercept',
  'vasp_legal_process',
  'exchange_freeze',
  'exchange_turnover',
];

/**
 * The exchange a packet's wallets point to: the exchange of the strongest hypothesis (highest
 * confidence, then most hypotheses, then name), with the others named so a reviewer sees a
 * split. No hypothesis: no exchange.
 */
export function targetExchange(
  hypotheses: readonly { exchange: string; confidence: number; basis: string }[],
): RecipientTarget {
  const by = new Map<string, { best: number; count: number; bases: Set<string> }>();
  for (const h of hypotheses) {
    const e = by.get(h.exchange) ?? { best: 0, count: 0, bases: new Set<string>() };
    e.best = Math.max(e.best, h.confidence);
    e.count += 1;
    e.bases.add(h.basis);
    by.set(h.exchange, e);
  }
  const ranked = [...by].sort(([a, x], [b, y]) => y.best - x.best || y.count - x.count || (a < b ? -1 : a > b ? 1 : 0));
  if (!ranked.length)
    return { exchange: null, basis: "No exchange hypothesis for the packet's wallets names an exchange.", others: [] };
  const [exchange, e] = ranked[0];
  return {
    exchange,
    basis: `The wallets' hypotheses point to ${exchange} (${e.count} hypothesis(es), ${[...e.bases].join(', ')}, confidence up to ${e.best}).`,
    others: ranked.slice(1).map(([x]) => x),
  };
}
