import type { Ctx, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { newId } from '../../ids';
import { exactNumber } from '../../json';
import { defaultNetwork, walletFor, type ChainNetwork } from '../../domain/crypto/networks';
import { parseAddress } from '../../domain/judgments/wallet-address';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { loopYield } from '../loop-yield';

/**
 * Most wallets a matter holds. Every implicit wallet set (an asset map, timeline or graph
 * without `wallets`, a correlation without `wallet_ids`) is the matter's wallets, so this also
 * bounds their work: one chain read or two per wallet in one transaction. 1,000 covers a large
 * real case (a debtor's exchange deposit addresses, change addresses, nominees), and an asset
 * map of all of them stays within about two seconds. A larger investigation splits by matter.
 */
export const MAX_MATTER_WALLETS = 1000;

export const WALLET_ROLES = [
  'debtor_owned',
  'debtor_controlled',
  'counterparty',
  'exchange_deposit',
  'unknown',
] as const;

export interface WalletImport {
  address: string;
  network?: ChainNetwork;
  role?: (typeof WALLET_ROLES)[number];
  confidence?: number;
  source_refs?: unknown[];
}

type Row = {
  id: string;
  address: string;
  network: string;
  role: string;
  confidence: { toFixed(): string } | null;
  source_refs: unknown;
  matter_id: string;
  created_at: Date;
};

export const walletOut = (w: Row) => ({
  object: 'wallet' as const,
  wallet_id: w.id,
  matter_id: w.matter_id,
  address: w.address,
  network: w.network,
  role: w.role,
  confidence: w.confidence === null ? null : exactNumber(w.confidence),
  source_refs: w.source_refs,
  created_at: w.created_at.toISOString(),
});

/**
 * Imports wallets onto a matter (201): each address is validated for its network (the
 * enforcement plan's validator) and merged by network and address: a known wallet keeps its
 * id, takes the new role and confidence, and gains the new source refs. An import that would
 * take the matter past MAX_MATTER_WALLETS is refused whole (400, nothing added).
 */
export async function importWallets(ctx: Ctx, tx: Tx, input: { matter_id: string; wallets: WalletImport[] }) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const refs = input.wallets.map((w, i) => {
    let network = w.network;
    if (!network) {
      const n = defaultNetwork(parseAddress(w.address));
      if (!n) throw invalidParam(`wallets[${i}].address`, parseAddress(w.address).note ?? 'Not a valid address.');
      network = n;
    }
    const ref = walletFor(w.address, network);
    if ('error' in ref) throw invalidParam(`wallets[${i}].address`, ref.error);
    return { ...w, ref };
  });
  await checkMatterCap(
    tx,
    m.id,
    refs.map((w) => w.ref),
  );
  const out = new Map<string, Row>();
  let imported = 0;
  let merged = 0;
  const pause = loopYield();
  for (const w of refs) {
    await pause();
    const where = {
      matter_id_network_address_key: { matter_id: m.id, network: w.ref.network, address_key: w.ref.key },
    };
    const prev = await tx.attributionWallet.findUnique({ where });
    let row;
    if (prev) {
      const sources = [...(prev.source_refs as unknown[])];
      for (const s of w.source_refs ?? [])
        if (!sources.some((x) => JSON.stringify(x) === JSON.stringify(s))) sources.push(s);
      row = await tx.attributionWallet.update({
        where: { id: prev.id },
        data: {
          role: w.role ?? prev.role,
          confidence: w.confidence !== undefined ? String(w.confidence) : prev.confidence,
          source_refs: sources as never,
        },
      });
      merged++;
    } else {
      row = await tx.attributionWallet.create({
        data: {
          id: newId('wallet'),
          org_id: ctx.org.id,
          env: ctx.env,
          matter_id: m.id,
          network: w.ref.network,
          address: w.ref.address,
          address_key: w.ref.key,
          role: w.role ?? 'unknown',
          confidence: w.confidence !== undefined ? String(w.confidence) : null,
          source_refs: (w.source_refs ?? []) as never,
        },
      });
      imported++;
    }
    out.set(row.id, row);
  }
  const wallets = [...out.values()].map(walletOut);
  await recordChange(ctx, tx, {
    event_type: 'attribution.wallets_imported',
    object_type: 'matter',
    object_id: m.id,
    matter_id: m.id,
    details: { imported, merged, wallet_ids: wallets.map((w) => w.wallet_id) },
  });
  return { object: 'wallet_import' as const, matter_id: m.id, imported, merged, wallets };
}

/**
 * Refuses an import whose new wallets would take the matter past MAX_MATTER_WALLETS. The
 * matter row is locked first, so two concurrent imports cannot each pass the count.
 */
async function checkMatterCap(tx: Tx, matterId: string, refs: { network: string; key: string }[]) {
  await tx.$queryRaw`SELECT id FROM matters WHERE id = ${matterId} FOR UPDATE`;
  const [held, known] = await Promise.all([
    tx.attributionWallet.count({ where: { matter_id: matterId } }),
    tx.attributionWallet.findMany({
      where: { matter_id: matterId, address_key: { in: [...new Set(refs.map((r) => r.key))] } },
      select: { network: true, address_key: true },
    }),
  ]);
  const have = new Set(known.map((w) => `${w.network}:${w.address_key}`));
  const added = new Set(refs.map((r) => `${r.network}:${r.key}`).filter((k) => !have.has(k))).size;
  if (held + added > MAX_MATTER_WALLETS)
    throw invalidParam(
      'wallets',
      `A matter holds at most ${MAX_MATTER_WALLETS} wallets: it has ${held}, and this import would add ${added}. Nothing was imported; import at most ${Math.max(0, MAX_MATTER_WALLETS - held)} new wallets, or split the investigation across matters.`,
    );
}
