import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildStablecoinIndex, type IssuerEntry, type StablecoinIndex } from '../../domain/crypto/stablecoins';
import { parseDailyCloses, type PriceIndex } from '../../domain/crypto/prices';
import { parseConfidenceCsv, type ConfidenceTier } from '../../domain/attribution/confidence';

/**
 * Shipped reference data of the crypto and attribution modules, read once per process: the
 * stablecoin issuer file and GraphSense's confidence taxonomy (both a few kB).
 */
let coins: StablecoinIndex | null = null;
let tiers: Map<string, ConfidenceTier> | null = null;
let prices: PriceIndex | null = null;

const read = (rel: string) => readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), rel), 'utf8');

export function stablecoinIndex(): StablecoinIndex {
  if (!coins)
    // The token registry: the issuers' own contracts, then bridged and exchange-pegged ones (data/tokens).
    coins = buildStablecoinIndex([
      ...(JSON.parse(read('data/stablecoins/issuers.json')) as { entries: IssuerEntry[] }).entries,
      ...(JSON.parse(read('data/tokens/contracts.json')) as { entries: IssuerEntry[] }).entries,
    ]);
  return coins;
}

/** The shipped daily closes (data/prices, ~0.5 MB, read once per process). */
export function priceIndex(): PriceIndex {
  if (!prices) prices = parseDailyCloses(read('data/prices/daily-closes.csv'));
  return prices;
}

export function confidenceTiers(): Map<string, ConfidenceTier> {
  if (!tiers) tiers = parseConfidenceCsv(read('data/attribution/graphsense-confidence.csv'));
  return tiers;
}
