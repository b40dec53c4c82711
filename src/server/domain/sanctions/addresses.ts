import { parseCsv } from '../judgments/csv';

/**
 * OFAC SDN digital-currency addresses as an in-memory index, and network-aware screening of
 * one wallet against it. The address set is brave-intl's lists of 2025-11-19 (one file per
 * OFAC ticker); the entity CSV, derived from the same sdn_advanced.xml, names the SDN profile
 * and programs behind each address. Built from the files' text (the caller reads them), so
 * this stays free of I/O.
 */
export interface AddressDataset {
  /** Folder of the per-ticker lists, relative to the app root. */
  lists: string;
  /** The address → SDN profile mapping. */
  entities: string;
  /** sdn_advanced.xml DateOfIssue of both (data/ofac-crypto/PROVENANCE.md). */
  as_of: string;
}

export const OFAC_ADDRESS_DATASET: AddressDataset = {
  lists: 'data/ofac-crypto/brave-intl-lists-2025-11-19',
  entities: 'data/ofac-crypto/sdn_digital_currency_addresses_with_entities.csv',
  as_of: '2025-11-19',
};

/** The address families screening tells apart. Case rules differ: EVM hex, bech32 and
 *  cashaddr are case-insensitive; base58 (Bitcoin legacy, Tron, Litecoin, Solana, …) is not. */
export type AddressFamily = 'evm' | 'bech32' | 'cashaddr' | 'base58' | 'other';

/** Where each OFAC ticker lives. USDT and USDC mix networks: their family comes from the address. */
const TICKER_NETWORKS: Record<string, string> = {
  ETH: 'ethereum',
  ETC: 'ethereum_classic',
  ARB: 'arbitrum',
  BSC: 'bsc',
  BNB: 'bnb_beacon_chain',
  TRX: 'tron',
  XBT: 'bitcoin',
  LTC: 'litecoin',
  BCH: 'bitcoin_cash',
  BSV: 'bitcoin_sv',
  BTG: 'bitcoin_gold',
  DASH: 'dash',
  ZEC: 'zcash',
  XMR: 'monero',
  XRP: 'xrp_ledger',
  XVG: 'verge',
  SOL: 'solana',
};

export function addressFamily(raw: string): AddressFamily {
  const s = raw.trim();
  if (/^0[xX][0-9a-fA-F]{40}$/.test(s)) return 'evm';
  if (/^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/i.test(s)) return 'cashaddr';
  if (/^[a-z]{2,6}1[02-9ac-hj-np-z]{6,}$/i.test(s)) return 'bech32';
  if (/^[1-9A-HJ-NP-Za-km-z]{25,110}$/.test(s)) return 'base58';
  return 'other';
}

/** The text an address is compared on: lowercase for the case-insensitive families (an EVM
 *  address in any letter case is one address), unchanged for base58, whose case is data. */
export function addressKey(raw: string): { key: string; family: AddressFamily } {
  const s = raw.trim();
  const family = addressFamily(s);
  if (family === 'evm' || family === 'bech32') return { key: s.toLowerCase(), family };
  if (family === 'cashaddr') return { key: s.toLowerCase().replace(/^bitcoincash:/, ''), family };
  return { key: s, family };
}

/** The network an address is listed on, from its ticker and, for multi-network tokens, its form. */
export function listedNetwork(ticker: string, address: string): string {
  const known = TICKER_NETWORKS[ticker];
  if (known) return known;
  const f = addressFamily(address);
  if (f === 'evm') return 'ethereum';
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return 'tron';
  if (f === 'base58' || f === 'bech32') return 'bitcoin';
  return 'unknown';
}

export interface AddressHit {
  /** OFAC ticker the address is listed under ("ETH", "USDT", …). */
  asset: string;
  /** The address as OFAC publishes it. */
  address: string;
  network: string;
  sdn_profile_id: string;
  sdn_name: string;
  party_type: string;
  programs: string[];
}

export interface AddressIndex {
  byKey: Map<string, AddressHit[]>;
  /** Listed addresses per family (diagnostics and tests). */
  families: Record<AddressFamily, number>;
  dataset: AddressDataset;
}

/**
 * Builds the index from the per-ticker lists (`sanctioned_addresses_<TICKER>.txt`, one address a
 * line) and the entity CSV. An address on a list is indexed with every SDN profile the CSV gives
 * it for that ticker; a listed address the CSV does not know is still indexed, with its
 * profile unnamed, so a stale mapping can never make a listed address screen clear.
 */
export function buildAddressIndex(
  lists: { ticker: string; text: string }[],
  entitiesCsv: string,
  dataset = OFAC_ADDRESS_DATASET,
): AddressIndex {
  const profiles = new Map<
    string,
    { sdn_profile_id: string; sdn_name: string; party_type: string; programs: string[] }[]
  >();
  for (const r of parseCsv(entitiesCsv)) {
    const k = `${r.asset}|${addressKey(r.address).key}`;
    const list = profiles.get(k) ?? [];
    list.push({
      sdn_profile_id: r.sdn_profile_id,
      sdn_name: r.sdn_name,
      party_type: r.party_type,
      programs: r.programs ? r.programs.split('|') : [],
    });
    profiles.set(k, list);
  }
  const byKey = new Map<string, AddressHit[]>();
  const families: Record<AddressFamily, number> = { evm: 0, bech32: 0, cashaddr: 0, base58: 0, other: 0 };
  for (const { ticker, text } of lists) {
    for (const line of text.split(/\r?\n/)) {
      const address = line.trim();
      if (!address) continue;
      const { key, family } = addressKey(address);
      const network = listedNetwork(ticker, address);
      const who = profiles.get(`${ticker}|${key}`) ?? [
        { sdn_profile_id: '', sdn_name: '(SDN entry not named in the mapping)', party_type: '', programs: [] },
      ];
      const hits = byKey.get(key) ?? [];
      if (!hits.length) families[family]++;
      for (const p of who) hits.push({ asset: ticker, address, network, ...p });
      byKey.set(key, hits);
    }
  }
  return { byKey, families, dataset };
}

/**
 * Screens one wallet address. Network-aware: the address's family decides how it is compared
 * (EVM, bech32 and cashaddr case-insensitively; base58 exactly), and a hit must be of the same
 * family, so a lowercased Tron or Bitcoin legacy address never meets a listed one by accident.
 * An EVM address is one key on every EVM chain, so a listing on one (ETH, ARB, BSC, USDT on
 * Ethereum) is a hit wherever the address is used; the hit names the network it is listed on.
 */
export function screenAddress(index: AddressIndex, raw: string): AddressHit[] {
  const { key, family } = addressKey(raw);
  if (!key) return [];
  return (index.byKey.get(key) ?? []).filter((h) => addressFamily(h.address) === family);
}
