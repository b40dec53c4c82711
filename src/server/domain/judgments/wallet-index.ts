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
export interface LabelHit { chain: string; entity: string; category: string; name_tags: string; sources: string }
export interface Dataset { name: string; as_of: string }

export interface WalletIndex {
  labels: Map<string, LabelHit[]>;
  /** OFAC addresses (domain/sanctions/addresses.ts). */
  sanctions: AddressIndex;
  /** Exchange slugs the label data knows (coinbase, kraken, …). */
  exchanges: Set<string>;
  datasets: { labels: Dataset };
}

export const LABELS_DATASET: Dataset = { name: 'data/labels/evm_exchange_and_risk_labels.csv', as_of: 'Etherscan label scrapes 2023 to mid-2024' };
/** How outputs name the OFAC address data a wallet was screened against. */
export const ofacDatasetLabel = (a: AddressIndex) => `${a.dataset.lists} (${a.dataset.as_of})`;

const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

export function buildWalletIndex(text: { labelsCsv: string }, sanctions: AddressIndex): WalletIndex {
  const labels = new Map<string, LabelHit[]>();
  const exchanges = new Set<string>();
  for (const r of parseCsv(text.labelsCsv)) {
    push(labels, addressKey(r.address), { chain: r.chain, entity: r.entity_label, category: r.category, name_tags: r.name_tags, sources: r.sources });
    if (r.category.split('|').includes('exchange')) for (const e of r.entity_label.split('|')) if (e) exchanges.add(e);
  }
  return { labels, sanctions, exchanges, datasets: { labels: LABELS_DATASET } };
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
  const labels = parsed.network === 'evm' ? index.labels.get(key) ?? [] : [];
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
