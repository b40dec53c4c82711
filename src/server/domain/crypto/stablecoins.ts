/**
 * Stablecoin issuers and their freeze capability (data/stablecoins/issuers.json), joined with
 * holdings. Every asset in the file is a US-dollar stablecoin, so its value is the amount at
 * the 1 USD peg, marked `valuation_basis: "peg"`. A `null` field of an entry was not verified
 * by the data's authors: an exposure resting on it sets `review_required`.
 */
export interface IssuerEntry {
  issuer: string;
  asset: string;
  network: string;
  contract: string | null;
  decimals: number | null;
  freeze: string[] | null;
  unfreeze?: string[] | null;
  check: string[] | null;
  burn_wipe?: string[] | null;
  notes?: string | null;
  /** data/tokens: `bridged` or `exchange_peg` (a token carrying an issuer's ticker, not issued by it). */
  kind?: 'issuer' | 'bridged' | 'exchange_peg';
  /**
   * False when the issuer's hold of the freeze authority (Solana SPL mints) rests on third-party
   * statements and was not read from the chain: an exposure or freeze packet on it is reviewed.
   */
  freeze_authority_verified?: boolean;
}

export const STABLECOIN_DATASET = { name: 'data/stablecoins/issuers.json', as_of: '2026 research snapshot' };
export const TOKEN_REGISTRY_DATASET = { name: 'data/tokens/contracts.json', as_of: '2026-11-27' };

export interface Stablecoin extends IssuerEntry {
  /** Ticker: the asset's first word ("USDP (Pax Dollar, formerly PAX)" → "USDP"). */
  ticker: string;
  /** Fields the data leaves unverified (null). */
  unverified: string[];
}

export interface StablecoinIndex {
  byTicker: Map<string, Stablecoin>; // `${network}:${TICKER}`
  byContract: Map<string, Stablecoin>; // `${network}:${contractKey(contract)}`
  all: Stablecoin[];
}

const KEY_FIELDS = ['contract', 'decimals', 'freeze', 'check'] as const;

/**
 * The registry key of a contract: EVM hex is case-insensitive (lowercased); base58 contracts
 * (Tron `T…`, Solana mints) are case-sensitive data and kept as written, so a mint that differs
 * from Circle's only in letter case is another token.
 */
export const contractKey = (contract: string) => {
  const c = contract.trim();
  return /^0x/i.test(c) ? c.toLowerCase() : c;
};

export function buildStablecoinIndex(entries: IssuerEntry[]): StablecoinIndex {
  const byTicker = new Map<string, Stablecoin>();
  const byContract = new Map<string, Stablecoin>();
  const all: Stablecoin[] = [];
  for (const e of entries) {
    const s: Stablecoin = {
      ...e,
      ticker: e.asset.split(/\s+/)[0].toUpperCase(),
      unverified: KEY_FIELDS.filter((f) => e[f] === null || e[f] === undefined),
    };
    all.push(s);
    // The canonical contract of a ticker is the issuer's own: a bridged or pegged token never takes it.
    if (!e.kind || e.kind === 'issuer' || !byTicker.has(`${e.network}:${s.ticker}`))
      byTicker.set(`${e.network}:${s.ticker}`, s);
    if (e.contract) byContract.set(`${e.network}:${contractKey(e.contract)}`, s);
  }
  return { byTicker, byContract, all };
}

/**
 * The registry entry of a holding, by its contract only: a ticker proves nothing (any contract
 * can call itself "USDT"). No contract, or one the registry does not hold, is null.
 */
export function findStablecoin(index: StablecoinIndex, network: string, _asset: string, contract?: string | null) {
  return (contract ? index.byContract.get(`${network}:${contractKey(contract)}`) : undefined) ?? null;
}

/** The canonical (issuer's own) contract of a ticker on a network, e.g. ethereum USDT → Tether's. */
export const canonicalContract = (index: StablecoinIndex, network: string, ticker: string) =>
  index.byTicker.get(`${network}:${ticker.toUpperCase()}`)?.contract ?? null;

/**
 * Bare function name of a signature: "addBlackList(address _evilUser)" → "addBlackList",
 * "FreezeAccount (SPL Token instruction …)" → "FreezeAccount".
 */
export const functionName = (sig: string) => sig.trim().split('(')[0].trim();

/** The value of a registry stablecoin amount: its 1 USD peg, sourced to the token registry (never stale). */
export const pegValuation = (amount: string) => ({
  usd: amount,
  price: '1',
  basis: 'peg',
  price_date: null as string | null,
  source: `peg (${STABLECOIN_DATASET.name})`,
  stale: null as string | null,
});

export interface ExposureFacts {
  coin: Stablecoin;
  wallet: string;
  amount: string;
  /** On-chain status read through the chain source's check function, if one could be read. */
  onchain_status: { frozen: boolean; function: string; checked_at: string; block_number: number | null } | null;
  /** Why the chain source could not read the status (no source, no check function). */
  status_note: string | null;
  /** How the amount is valued (services/crypto/valuation.ts: the peg, with its source) and when. */
  valuation: ReturnType<typeof pegValuation>;
  valuation_time: string;
}

/** Why the registry entry of a coin needs review: fields left null, a freeze authority not read on-chain. */
export function unverifiedReasons(coin: Stablecoin): string[] {
  const out = coin.unverified.map(
    (f) => `issuer data: ${f} is not verified (null) for ${coin.ticker} on ${coin.network}`,
  );
  if (coin.freeze_authority_verified === false)
    out.push(
      `issuer data: that ${coin.issuer} holds the freeze authority of the ${coin.ticker} mint on ${coin.network} is not read from the chain (confirm the mint's freeze_authority before relying on a freeze)`,
    );
  return out;
}

/** One stablecoin exposure item (specification fields plus the issuer data it rests on). */
export function exposureItem(f: ExposureFacts) {
  const { coin } = f;
  const notes: string[] = [];
  const reasons: string[] = [];
  if (coin.freeze === null) {
    notes.push(
      `${coin.issuer}'s freeze capability for ${coin.ticker} on ${coin.network} is not verified in the issuer data.`,
    );
  } else if (coin.freeze.length === 0) {
    notes.push(
      `${coin.ticker} on ${coin.network} has no issuer freeze function: the issuer cannot block this holder on-chain.`,
    );
  } else {
    notes.push(`${coin.issuer} can freeze ${coin.ticker} on ${coin.network} with ${coin.freeze.join('; ')}.`);
    if (coin.check?.length) notes.push(`Status check: ${coin.check.join('; ')}.`);
    if (coin.burn_wipe?.length) notes.push(`After a freeze: ${coin.burn_wipe.join('; ')}.`);
  }
  if (f.onchain_status) {
    notes.push(
      `${f.onchain_status.function} reads ${f.onchain_status.frozen ? 'frozen' : 'not frozen'}${f.onchain_status.block_number !== null ? ` at block ${f.onchain_status.block_number}` : ''}.`,
    );
  } else if (f.status_note) notes.push(f.status_note);
  reasons.push(...unverifiedReasons(coin));
  if (f.valuation.stale) reasons.push(f.valuation.stale);
  if (coin.kind === 'bridged' || coin.kind === 'exchange_peg')
    reasons.push(
      `${coin.asset} on ${coin.network} is ${coin.kind === 'bridged' ? 'a bridged token' : 'an exchange-pegged token'} issued by ${coin.issuer}; its value rests on that backing, not on the original issuer`,
    );
  const candidates = coin.freeze?.length
    ? [
        {
          action_type: coin.burn_wipe?.length ? 'burn_reissue' : 'freeze_only',
          issuer: coin.issuer,
          contract: coin.contract,
          freeze_function: functionName(coin.freeze[0]),
          freeze_functions: coin.freeze,
          check_functions: coin.check ?? [],
          burn_functions: coin.burn_wipe ?? [],
        },
      ]
    : [];
  return {
    issuer: coin.issuer,
    asset: coin.ticker,
    network: coin.network,
    contract: coin.contract,
    wallet: f.wallet,
    amount: f.amount,
    usd_value: f.valuation.usd,
    valuation_basis: f.valuation.basis,
    valuation_time: f.valuation_time,
    price_usd: f.valuation.price,
    price_date: f.valuation.price_date,
    price_source: f.valuation.source,
    freeze_capability_notes: notes.join(' '),
    freeze_functions: coin.freeze,
    check_functions: coin.check,
    remediation_candidates: candidates,
    onchain_status: f.onchain_status,
    review_required: reasons.length > 0,
    review_reasons: reasons,
  };
}
