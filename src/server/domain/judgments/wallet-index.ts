import { parseCsv } from './csv';
import { addressKey, parseAddress, type ParsedAddress } from './wallet-address';

/**
 * In-memory index over the shipped address data: EVM exchange and risk labels and the OFAC
 * SDN digital-currency addresses. Built once from the files' text (the caller reads them), so
 * lookups are map hits and this module stays free of I/O.
 */
export interface LabelHit { chain: string; entity: string; category: string; name_tags: string; sources: string }
export interface OfacHit { asset: string; address: string; sdn_profile_id: string; sdn_name: string; party_type: string; programs: string[] }
export interface Dataset { name: string; as_of: string }

export interface WalletIndex {
  labels: Map<string, LabelHit[]>;
  ofac: Map<string, OfacHit[]>;
  /** Exchange slugs the label data knows (coinbase, kraken, …). */
  exchanges: Set<string>;
  datasets: { labels: Dataset; ofac: Dataset };
}

export const LABELS_DATASET: Dataset = { name: 'data/labels/evm_exchange_and_risk_labels.csv', as_of: 'Etherscan label scrapes 2023 to mid-2024' };
export const OFAC_DATASET: Dataset = { name: 'data/ofac-crypto/sdn_digital_currency_addresses_with_entities.csv', as_of: '2025-11-19 (SDN XML DateOfIssue)' };

const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

export function buildWalletIndex(text: { labelsCsv: string; ofacCsv: string }): WalletIndex {
  const labels = new Map<string, LabelHit[]>();
  const exchanges = new Set<string>();
  for (const r of parseCsv(text.labelsCsv)) {
    push(labels, addressKey(r.address), { chain: r.chain, entity: r.entity_label, category: r.category, name_tags: r.name_tags, sources: r.sources });
    if (r.category.split('|').includes('exchange')) for (const e of r.entity_label.split('|')) if (e) exchanges.add(e);
  }
  const ofac = new Map<string, OfacHit[]>();
  for (const r of parseCsv(text.ofacCsv)) {
    push(ofac, addressKey(r.address), {
      asset: r.asset, address: r.address, sdn_profile_id: r.sdn_profile_id, sdn_name: r.sdn_name,
      party_type: r.party_type, programs: r.programs ? r.programs.split('|') : [],
    });
  }
  return { labels, ofac, exchanges, datasets: { labels: LABELS_DATASET, ofac: OFAC_DATASET } };
}

export type WalletCategory = 'sanctioned' | 'exchange' | 'risk' | 'bridge' | 'unlabeled' | 'invalid';

export interface WalletClassification extends ParsedAddress {
  category: WalletCategory;
  exchange: string | null;
  labels: LabelHit[];
  ofac: OfacHit[];
  datasets: string[];
}

/**
 * Classifies one address. A sanctions hit wins over everything (it is checked even for an
 * address that fails validation, since the list is matched on text); then exchange, risk and
 * bridge labels; otherwise unlabeled (self-custody or unknown service).
 */
export function classifyWallet(index: WalletIndex, raw: string): WalletClassification {
  const parsed = parseAddress(raw);
  const key = addressKey(parsed.address);
  const ofac = index.ofac.get(key) ?? index.ofac.get(addressKey(raw)) ?? [];
  const labels = parsed.network === 'evm' ? index.labels.get(key) ?? [] : [];
  const cats = new Set(labels.flatMap((l) => l.category.split('|')));
  const exchangeLabel = labels.find((l) => l.category.split('|').some((c) => c === 'exchange' || c === 'fiat_gateway'));
  let category: WalletCategory = 'unlabeled';
  if (ofac.length) category = 'sanctioned';
  else if (!parsed.valid) category = 'invalid';
  else if (exchangeLabel || cats.has('exchange_generic')) category = 'exchange';
  else if (cats.has('risk')) category = 'risk';
  else if (cats.has('bridge')) category = 'bridge';
  const datasets = [`${OFAC_DATASET.name} (${OFAC_DATASET.as_of})`];
  if (parsed.network === 'evm') datasets.push(`${LABELS_DATASET.name} (${LABELS_DATASET.as_of})`);
  return {
    ...parsed,
    category,
    exchange: category === 'exchange' ? exchangeLabel?.entity.split('|')[0] || null : null,
    labels,
    ofac,
    datasets,
  };
}

/** Normalizes an exchange name to the label data's slug ("Crypto.com" → "crypto-com"). */
export const exchangeSlug = (name: string) => name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
