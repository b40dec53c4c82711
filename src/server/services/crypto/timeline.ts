import type { Ctx, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { newId } from '../../ids';
import { exactNumber } from '../../json';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { getChainSource } from '../chain/source';
import { resolveWallets, displayAddress, type WalletInput } from './wallet-inputs';
import { counterpartyNotes } from './labels';
import { manifestEntry, noteHistory, type ManifestEntry } from './manifest';
import { CRYPTO_DATASETS } from './asset-map';
import { reviewState } from './serialize';
import { loopYield } from '../loop-yield';

/**
 * The transfers of the wallets within [from, to], oldest first (tml_). Notes name labelled and
 * OFAC-listed counterparties. Recorded in the matter's audit chain as analyst work product.
 */
export async function createTimeline(
  ctx: Ctx,
  tx: Tx,
  input: { matter_id: string; wallets?: WalletInput[]; chains?: ChainNetwork[]; from?: string; to?: string },
) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const from = input.from ? new Date(input.from) : undefined;
  const to = input.to ? new Date(input.to) : undefined;
  if (from && to && from > to) throw invalidParam('from', '`from` must not be after `to`.');
  const wallets = await resolveWallets(ctx, tx, m.id, input.wallets, input.chains);
  const events = [];
  const manifest: ManifestEntry[] = [];
  const reasons: string[] = [];
  const seen = new Set<string>();
  const pause = loopYield();
  for (const network of [...new Set(wallets.map((w) => w.network))]) {
    const src = getChainSource(ctx, tx, network);
    const entry = await manifestEntry(src, CRYPTO_DATASETS);
    manifest.push(entry);
    if (!src.available) reasons.push(src.missing!);
    const keys = wallets.filter((w) => w.network === network).map((w) => w.key);
    const mine = new Set(keys);
    const transfers = await src.transfers(keys, { from, to });
    reasons.push(...noteHistory(entry, src));
    for (const t of transfers) {
      await pause();
      const k = `${network}:${t.transaction_hash}:${t.from}:${t.to}:${t.asset}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const notes: string[] = [];
      for (const side of [t.from, t.to]) {
        if (mine.has(side)) continue;
        const n = counterpartyNotes(side);
        notes.push(...n.notes.map((x) => `${displayAddress(side)}: ${x}`));
      }
      events.push({
        transaction_hash: t.transaction_hash,
        network,
        block_number: t.block_number,
        timestamp: t.timestamp.toISOString(),
        from_address: displayAddress(t.from),
        to_address: displayAddress(t.to),
        asset: t.asset,
        amount: exactNumber(t.amount),
        direction: mine.has(t.from) && mine.has(t.to) ? 'internal' : mine.has(t.from) ? 'out' : 'in',
        notes,
      });
    }
  }
  events.sort((a, b) => a.timestamp.localeCompare(b.timestamp) || (a.block_number ?? 0) - (b.block_number ?? 0));
  if (events.some((e) => e.notes.some((n) => n.includes('OFAC SDN listed'))))
    reasons.push('A counterparty is on the OFAC SDN list: sanctions review required.');
  const id = newId('timeline');
  const out = {
    object: 'transaction_timeline' as const,
    timeline_id: id,
    matter_id: m.id,
    wallets: wallets.map((w) => ({ address: w.address, network: w.network })),
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    events,
    review_state: reviewState(reasons),
    source_manifest: manifest,
    created_at: new Date().toISOString(),
  };
  await recordChange(ctx, tx, {
    event_type: 'crypto.timeline_built',
    object_type: 'transaction_timeline',
    object_id: id,
    matter_id: m.id,
    details: { wallets: wallets.length, events: events.length, from: out.from, to: out.to },
  });
  return out;
}
