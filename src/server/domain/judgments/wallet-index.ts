import type { AddressIndex } from '../sanctions/addresses';
import { screenWallet, type ScreenMatch } from '../sanctions/screen';
import { parseCsv } from './csv';
import { addressKey, parseAddress, type ParsedAddress } from './wallet-address';

/**
 * In-memory index over the shipped address data: EVM exchange and risk labels, plus the OFAC
 * SDN digital-currency address index of the sanctions module (its screening is the one every
 * caller uses). Built once from the files' text (the caller reads them), so lookups are map
 * hits and this module stays free of I/O.
 */
export interface LabelHit {
  chain: string;
  entity: string;
  category: string;
  name_tags: string;
  sources: string;
  /** GraphSense confidence id of the label's source (Etherscan scrapes are `web_crawl`). */
  confidence: string;
}
export interface Dataset {
  name: string;
  as_of: string;
}

export interface WalletIndex {
  labels: Map<string, LabelHit[]>;
  /** OFAC addresses (domain/sanctions/addresses.ts). */
  sanctions: AddressIndex;
  /** Exchange slugs the label data knows (coinbase, kraken, …). */
  exchanges: Set<string>;
  datasets: { labels: Dataset; graphsense: Dataset };
}

export const LABELS_DATASET: Dataset = {
  name: 'data/labels/evm_exchange_and_risk_labels.csv',
  as_of: 'Etherscan label scrapes 2023 to mid-2024',
};
export const GRAPHSENSE_LABELS_DATASET: Dataset = {
  name: 'data/labels/graphsense_btc_tron_exchange_labels.csv',
  as_of: 'GraphSense TagPacks 29ff93c8 (2026-05-12)',
};
/** How outputs name the OFAC address data a wallet was screened against. */
export const ofacDatasetLabel = (a: AddressIndex) => `${a.dataset.lists} (${a.dataset.as_of})`;

const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

/**
 * `graphsenseCsv` adds the Bitcoin and Tron exchange labels derived from GraphSense TagPacks
 * (each row keeps its tagpack, source and confidence id).
 */
export function buildWalletIndex(
  text: { labelsCsv: string; graphsenseCsv?: string },
  sanctions: AddressIndex,
): WalletIndex {
  const labels = new Map<string, LabelHit[]>();
  const exchanges = new Set<string>();
  for (const r of parseCsv(text.labelsCsv)) {
    push(labels, addressKey(r.address), {
      chain: r.chain,
      entity: r.entity_label,
      category: r.category,
      name_tags: r.name_tags,
      sources: r.sources,
      confidence: 'web_crawl',
    });
    if (r.category.split('|').includes('exchange')) for (const e of r.entity_label.split('|')) if (e) exchanges.add(e);
  }
  for (const r of text.graphsenseCsv ? parseCsv(text.graphsenseCsv) : []) {
    push(labels, addressKey(r.address), {
      chain: r.chain,
      entity: r.entity_label,
      category: r.category,
      name_tags: r.label,
      sources: `graphsense/graphsense-tagpacks ${r.tagpack}${r.source ? ` (${r.source})` : ''}`,
      confidence: r.confidence || 'unknown',
    });
    if (r.category === 'exchange' && r.entity_label) exchanges.add(r.entity_label);
  }
  return { labels, sanctions, exchanges, datasets: { labels: LABELS_DATASET, graphsense: GRAPHSENSE_LABELS_DATASET } };
}

export type WalletCategory = 'sanctioned' | 'exchange' | 'risk' | 'bridge' | 'unlabeled' | 'invalid';

export interface WalletClassification extends ParsedAddress {
  category: WalletCategory;
  exchange: string | null;
  labels: LabelHit[];
  /** OFAC SDN address matches (the sanctions screening's wallet matches). */
  ofac: ScreenMatch[];
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
  const ofac = screenWallet(index.sanctions, raw);
  // Address formats of the three families never collide, so one map serves them all; a label
  // of another family (an EVM label for a Bitcoin text) cannot match.
  const labels = parsed.network === 'unknown' ? [] : (index.labels.get(key) ?? []);
  const cats = new Set(labels.flatMap((l) => l.category.split('|')));
  const exchangeLabel = labels.find((l) => l.category.split('|').some((c) => c === 'exchange' || c === 'fiat_gateway'));
  let category: WalletCategory = 'unlabeled';
  if (ofac.length) category = 'sanctioned';
  else if (!parsed.valid) category = 'invalid';
  else if (exchangeLabel || cats.has('exchange_generic')) category = 'exchange';
  else if (cats.has('risk')) category = 'risk';
  else if (cats.has('bridge')) category = 'bridge';
  const datasets = [ofacDatasetLabel(index.sanctions)];
  if (parsed.network === 'evm') datasets.push(`${LABELS_DATASET.name} (${LABELS_DATASET.as_of})`);
  else if (parsed.network !== 'unknown')
    datasets.push(`${GRAPHSENSE_LABELS_DATASET.name} (${GRAPHSENSE_LABELS_DATASET.as_of})`);
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
export const exchangeSlug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
