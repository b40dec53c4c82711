import type { Ctx, Db, Tx } from '../../context';
import { isId, newId } from '../../ids';
import { ExactNumber, exactNumber } from '../../json';
import { findStablecoin, STABLECOIN_DATASET, TOKEN_REGISTRY_DATASET } from '../../domain/crypto/stablecoins';
import { pricedAsset, PRICES_DATASET } from '../../domain/crypto/prices';
import { NETWORKS } from '../../domain/crypto/networks';
import { GRAPHSENSE_LABELS_DATASET, LABELS_DATASET } from '../../domain/judgments/wallet-index';
import { OFAC_ADDRESS_DATASET } from '../../domain/sanctions/addresses';
import { CONFIDENCE_DATASET } from '../../domain/attribution/confidence';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { getChainSource, type Holding } from '../chain/source';
import { stablecoinIndex } from './reference-data';
import { valueOf } from './valuation';
import { displayAddress, resolveWallets, type ResolvedWallet, type WalletInput } from './wallet-inputs';
import { tokenOf } from '../chain/sandbox-transfers';
import { dec } from '../../domain/judgments/decimal';
import { computeExchangeHypotheses, walletHistories } from './hypotheses';
import { computeStablecoinExposure } from './stablecoin-exposure';
import { datasetNames, manifestEntry, noteHistory, type ManifestEntry } from './manifest';
import { exposureOut, reviewState } from './serialize';
import { eventData } from '../judgments/serialize';
import { loopYield } from '../loop-yield';

export interface AssetMapInput {
  matter_id: string;
  wallets?: WalletInput[];
  chains?: ChainNetwork[];
  include_stablecoins?: boolean;
  include_exchanges?: boolean;
  source_refs?: unknown[];
}

export const CRYPTO_DATASETS = datasetNames(
  LABELS_DATASET,
  GRAPHSENSE_LABELS_DATASET,
  { name: OFAC_ADDRESS_DATASET.lists, as_of: OFAC_ADDRESS_DATASET.as_of },
  STABLECOIN_DATASET,
  TOKEN_REGISTRY_DATASET,
  PRICES_DATASET,
  CONFIDENCE_DATASET,
);

/**
 * Holdings of resolved wallets, per chain source: what an asset map, packets and reports show.
 * Tokens are known by contract (data/tokens): a registry stablecoin is valued at the peg, a
 * native coin at its dated daily close (data/prices); an unverified token (any other contract)
 * and unpriced assets have `usd_value: null`. Every valued row carries its valuation time,
 * price and source.
 */
export async function computeHoldings(ctx: Ctx, db: Db, wallets: ResolvedWallet[], valuedAt = new Date()) {
  const coins = stablecoinIndex();
  const holdings = new Map<string, Holding[]>();
  const token_exposures = [];
  const reasons: string[] = [];
  const manifest: ManifestEntry[] = [];
  const pause = loopYield();
  for (const network of [...new Set(wallets.map((w) => w.network))]) {
    const src = getChainSource(ctx, db, network);
    manifest.push(await manifestEntry(src, CRYPTO_DATASETS));
    if (!src.available) reasons.push(src.missing!);
    const mine = wallets.filter((x) => x.network === network);
    const batch = src.balancesOf ? await src.balancesOf(mine.map((w) => w.key)) : null;
    for (const w of mine) {
      await pause();
      const hs = batch?.get(w.key) ?? (await src.balances(w.key));
      holdings.set(`${network}:${w.key}`, hs);
      for (const h of hs) {
        const coin = findStablecoin(coins, network, h.asset, h.contract);
        const token = tokenOf(network, h.asset, h.contract);
        const value = valueOf(
          coin,
          token.token_status === 'native' ? pricedAsset(NETWORKS[network].native) : null,
          h.amount,
          valuedAt,
        );
        if (token.token_status === 'unverified')
          reasons.push(
            `${h.asset} on ${network} from ${h.contract ? `contract ${displayAddress(h.contract)}` : 'no known contract'} is not in the token registry: an unverified token, not valued`,
          );
        else if (!value) reasons.push(`${h.asset} on ${network} has no price source: usd_value is null`);
        else if (value.stale) reasons.push(value.stale);
        if (h.amount.startsWith('-'))
          reasons.push(
            `${w.address} on ${network}: ${h.asset} balance is negative on ${src.source} (outgoing transfers exceed incoming ones)`,
          );
        token_exposures.push({
          asset: coin?.ticker ?? h.asset,
          network,
          contract: h.contract ? displayAddress(h.contract) : null,
          amount: exactNumber(h.amount),
          usd_value: value ? exactNumber(value.usd) : null,
          valuation_basis: value?.basis ?? null,
          valuation_time: value ? valuedAt.toISOString() : null,
          price_usd: value ? exactNumber(value.price) : null,
          price_date: value?.price_date ?? null,
          price_source: value?.source ?? null,
          wallet: w.address,
          token_status: token.token_status,
          issuer: coin?.issuer ?? null,
          wallet_role: w.role,
          in_known_exposure: DEBTOR_ROLES.has(w.role),
        });
      }
    }
  }
  return { holdings, token_exposures, reasons: [...new Set(reasons)], manifest };
}

/** Roles whose holdings are the debtor's: only these count in the known crypto exposure. */
export const DEBTOR_ROLES: ReadonlySet<string> = new Set(['debtor_owned', 'debtor_controlled']);

type ExposureRow = { usd_value: unknown; wallet: string; wallet_role?: string; in_known_exposure?: boolean };

/**
 * The known crypto exposure of an asset map's rows: valued holdings of debtor-owned or
 * -controlled wallets; the value in other wallets (an exchange's deposit address, counterparties,
 * unknown wallets) is summed apart by role, labelled, never added to the debtor's figure.
 * Rows of maps stored before roles were recorded (no `in_known_exposure`) count as before.
 */
export function knownExposure(rows: ExposureRow[]) {
  let counted = dec('0');
  const apart = new Map<string, { usd: ReturnType<typeof dec>; wallets: Set<string> }>();
  for (const r of rows) {
    if (r.usd_value === null || r.usd_value === undefined) continue;
    const usd = dec(r.usd_value instanceof ExactNumber ? r.usd_value.text : String(r.usd_value));
    if (r.in_known_exposure !== false) {
      counted = counted.plus(usd);
      continue;
    }
    const role = r.wallet_role ?? 'unknown';
    const a = apart.get(role) ?? { usd: dec('0'), wallets: new Set<string>() };
    a.usd = a.usd.plus(usd);
    a.wallets.add(r.wallet);
    apart.set(role, a);
  }
  return {
    usd_value: counted,
    wallet_roles: [...DEBTOR_ROLES],
    excluded: [...apart].map(([role, a]) => ({
      wallet_role: role,
      usd_value: a.usd,
      wallets: a.wallets.size,
      reason: `Held by ${a.wallets.size} wallet(s) of role ${role}, not owned or controlled by the debtor on the matter's record: listed apart, not counted.`,
    })),
  };
}

/**
 * Builds and stores an asset map (map_) of a matter's wallets: holdings, exchange hypotheses
 * and stablecoin exposure, with the source manifest. Writes `asset_map.created`.
 */
export async function createAssetMap(ctx: Ctx, tx: Tx, input: AssetMapInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const wallets = await resolveWallets(ctx, tx, m.id, input.wallets, input.chains);
  // One valuation time for the whole map: its creation.
  const created_at = new Date();
  const { holdings, token_exposures, reasons, manifest } = await computeHoldings(ctx, tx, wallets, created_at);
  const hyps =
    input.include_exchanges === false
      ? null
      : await computeExchangeHypotheses(ctx, tx, {
          matter_id: m.id,
          wallets,
          // Read here rather than inside: the manifest notes the block range each read covered.
          histories: await walletHistories(ctx, tx, wallets, (network, src) =>
            reasons.push(
              ...noteHistory(
                manifest.find((m) => m.network === network),
                src,
              ),
            ),
          ),
        });
  const exposure =
    input.include_stablecoins === false
      ? null
      : await computeStablecoinExposure(ctx, tx, { wallets, holdings, valuedAt: created_at });
  if (!wallets.length) reasons.push('No wallets: pass wallets or import them on the matter first.');
  for (const e of exposure ?? []) reasons.push(...e.review_reasons);
  const id = newId('asset_map');
  const body = {
    object: 'asset_map' as const,
    map_id: id,
    matter_id: m.id,
    wallets: wallets.map((w) => ({
      wallet_id: w.wallet_id,
      address: w.address,
      network: w.network,
      role: w.role,
      confidence: w.confidence,
      source_refs: w.source_refs,
    })),
    token_exposures,
    known_exposure: (() => {
      const k = knownExposure(token_exposures);
      return {
        usd_value: exactNumber(k.usd_value.toFixed()),
        wallet_roles: k.wallet_roles,
        excluded: k.excluded.map((e) => ({ ...e, usd_value: exactNumber(e.usd_value.toFixed()) })),
      };
    })(),
    exchange_hypotheses: hyps?.items ?? [],
    stablecoin_exposure: (exposure ?? []).map(exposureOut),
    review_state: reviewState([...new Set(reasons)]),
    source_refs: input.source_refs ?? [],
    source_manifest: manifest,
    created_at: created_at.toISOString(),
  };
  // One JSON text bound as jsonb (as the attribution graph is stored): Prisma's Json input
  // walks the body of a 1,000-wallet map value by value on the request's thread.
  await tx.$executeRaw`
    INSERT INTO crypto_asset_maps (id, org_id, env, matter_id, body, created_at)
    VALUES (${id}, ${ctx.org.id}, ${ctx.env}, ${m.id}, ${JSON.stringify(body)}::jsonb, ${created_at})`;
  await recordChange(ctx, tx, {
    event_type: 'asset_map.created',
    object_type: 'asset_map',
    object_id: id,
    matter_id: m.id,
    details: {
      wallets: wallets.length,
      token_exposures: token_exposures.length,
      review_required: body.review_state.review_required,
    },
    data: eventData(body),
  });
  return body;
}

/** A stored asset map, as issued; another tenant's or a hidden matter's is 404. */
export async function getAssetMap(ctx: Ctx, db: Db, id: string) {
  const row = await loadOwned(ctx, 'asset map', id, isId('asset_map', id), () =>
    db.assetMap.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );
  return row.body as Record<string, unknown>;
}
