import type { Ctx, Tx } from '../../context';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { computeExchangeHypotheses } from './hypotheses';
import { computeStablecoinExposure } from './stablecoin-exposure';
import { resolveWallets, type WalletInput } from './wallet-inputs';
import { exposureOut } from './serialize';
import { manifestEntry } from './manifest';
import { getChainSource } from '../chain/source';
import { CRYPTO_DATASETS } from './asset-map';

async function manifestOf(ctx: Ctx, tx: Tx, networks: string[]) {
  return Promise.all(
    [...new Set(networks)].map((n) => manifestEntry(getChainSource(ctx, tx, n as never), CRYPTO_DATASETS)),
  );
}

/** POST /v1/crypto/exchange-hypotheses: `items` filtered by `min_confidence`. */
export async function exchangeHypothesesOp(
  ctx: Ctx,
  tx: Tx,
  input: { matter_id: string; wallets?: WalletInput[]; min_confidence?: number },
) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const wallets = await resolveWallets(ctx, tx, m.id, input.wallets);
  const { items, unavailable } = await computeExchangeHypotheses(ctx, tx, {
    matter_id: m.id,
    wallets,
    min_confidence: input.min_confidence,
  });
  await recordChange(ctx, tx, {
    event_type: 'crypto.exchange_hypotheses_computed',
    object_type: 'exchange_hypotheses',
    object_id: m.id,
    matter_id: m.id,
    details: { wallets: wallets.length, items: items.length, min_confidence: input.min_confidence ?? null },
  });
  return {
    object: 'list' as const,
    matter_id: m.id,
    items,
    review_required: unavailable.length > 0 || items.some((i) => i.basis === 'deposit_pattern'),
    missing_sources: unavailable,
    source_manifest: await manifestOf(
      ctx,
      tx,
      wallets.map((w) => w.network),
    ),
  };
}

/** POST /v1/crypto/stablecoin-exposure: `items`, one per stablecoin holding. */
export async function stablecoinExposureOp(
  ctx: Ctx,
  tx: Tx,
  input: { matter_id: string; wallets?: WalletInput[]; assets?: string[] },
) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const wallets = await resolveWallets(ctx, tx, m.id, input.wallets);
  const items = await computeStablecoinExposure(ctx, tx, { wallets, assets: input.assets });
  await recordChange(ctx, tx, {
    event_type: 'crypto.stablecoin_exposure_computed',
    object_type: 'stablecoin_exposure',
    object_id: m.id,
    matter_id: m.id,
    details: { wallets: wallets.length, items: items.length },
  });
  return {
    object: 'list' as const,
    matter_id: m.id,
    items: items.map(exposureOut),
    source_manifest: await manifestOf(
      ctx,
      tx,
      wallets.map((w) => w.network),
    ),
  };
}
