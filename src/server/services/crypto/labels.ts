import { classifyWallet } from '../../domain/judgments/wallet-index';
import { isCustodianName } from '../../domain/attribution/contradictions';
import type { ExchangeLabel } from '../../domain/crypto/hypotheses';
import { walletIndex } from '../judgments/wallet-data';
import { confidenceTiers } from './reference-data';

/**
 * Label and sanctions look-ups of counterparties, over the enforcement plan's wallet index
 * (EVM Etherscan labels, GraphSense Bitcoin/Tron exchange labels, OFAC SDN addresses).
 */
export function exchangeLabelOf(key: string): ExchangeLabel | null {
  const labels = walletIndex().labels.get(key) ?? [];
  const tiers = confidenceTiers();
  let best: ExchangeLabel | null = null;
  for (const l of labels) {
    const cats = l.category.split('|');
    if (!cats.some((c) => c === 'exchange' || c === 'fiat_gateway')) continue;
    const exchange = l.entity.split('|')[0].replace(/-deposit$/, '');
    if (!exchange) continue;
    const tier = tiers.get(l.confidence) ?? tiers.get('unknown')!;
    if (!best || tier.level > best.level) best = { exchange, label: l, level: tier.level, tier: tier.id };
  }
  return best;
}

let labelled: string[] | null = null;
/** The address keys that carry an exchange label (what a chain source filters hypothesis histories by). */
export function exchangeLabelledKeys(): string[] {
  labelled ??= [...walletIndex().labels.keys()].filter((k) => exchangeLabelOf(k) !== null);
  return labelled;
}

/** What the shipped data says about a counterparty: its labels and any OFAC SDN listing. */
export function counterpartyNotes(key: string): { notes: string[]; ofac: boolean; exchange: string | null } {
  const c = classifyWallet(walletIndex(), key);
  const notes: string[] = [];
  for (const o of c.ofac) notes.push(`OFAC SDN listed: ${o.sdn_name} (${o.programs.join(', ') || 'no program'})`);
  const ex = exchangeLabelOf(key);
  if (ex) notes.push(`labelled exchange: ${ex.exchange} (${ex.label.name_tags || ex.label.entity}; ${ex.tier})`);
  else for (const l of c.labels.slice(0, 2)) notes.push(`labelled ${l.category}: ${l.name_tags || l.entity}`);
  return { notes, ofac: c.ofac.length > 0, exchange: ex?.exchange ?? null };
}

/** Whether a claim's subject names an exchange of the label data (a custodian of its deposit addresses). */
export const isCustodian = (subject: string) => isCustodianName(subject, walletIndex().exchanges);
