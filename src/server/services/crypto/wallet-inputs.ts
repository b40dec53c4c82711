import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { addressKey, parseAddress } from '../../domain/judgments/wallet-address';
import { defaultNetwork, familyOf, walletFor, type ChainNetwork, type WalletRef } from '../../domain/crypto/networks';

/** A wallet as the crypto operations take it: an address, or `{address, network}`. */
export type WalletInput = string | { address: string; network?: ChainNetwork };

export interface ResolvedWallet extends WalletRef {
  /** The imported wallet (wal_) this is, if the matter has it. */
  wallet_id: string | null;
  role: string;
  confidence: number | null;
  source_refs: unknown[];
}

/**
 * Validates and classifies the request's wallets by network with the enforcement plan's
 * validator: an address invalid for its network is 400 (param `wallets[i]`). A bare address
 * means its family's network, or each of `chains` of its family. With no wallets, the matter's
 * imported wallets are used.
 */
export async function resolveWallets(
  ctx: Ctx,
  db: Db,
  matterId: string,
  wallets: WalletInput[] | undefined,
  chains?: ChainNetwork[],
): Promise<ResolvedWallet[]> {
  const imported = await db.attributionWallet.findMany({
    where: { matter_id: matterId, org_id: ctx.org.id, env: ctx.env },
    orderBy: { id: 'asc' },
  });
  const find = (network: string, key: string) => imported.find((w) => w.network === network && w.address_key === key);
  const out = new Map<string, ResolvedWallet>();
  const add = (ref: WalletRef) => {
    const w = find(ref.network, ref.key);
    out.set(`${ref.network}:${ref.key}`, {
      ...ref,
      wallet_id: w?.id ?? null,
      role: w?.role ?? 'unknown',
      confidence: w?.confidence ? Number(w.confidence) : null,
      source_refs: (w?.source_refs as unknown[]) ?? [],
    });
  };
  if (!wallets?.length) {
    for (const w of imported)
      if (!chains?.length || chains.includes(w.network as ChainNetwork))
        add({ address: w.address, key: w.address_key, network: w.network as ChainNetwork });
    return [...out.values()];
  }
  wallets.forEach((entry, i) => {
    const address = typeof entry === 'string' ? entry : entry.address;
    const param = typeof entry === 'string' ? `wallets[${i}]` : `wallets[${i}].address`;
    if (typeof entry !== 'string' && entry.network) {
      const ref = walletFor(address, entry.network);
      if ('error' in ref) throw invalidParam(param, ref.error);
      add(ref);
      return;
    }
    const p = parseAddress(address);
    const dflt = defaultNetwork(p);
    if (!p.valid || !dflt) throw invalidParam(param, p.note ?? `'${address}' is not a valid address.`);
    const nets = chains?.length ? chains.filter((n) => familyOf(n) === p.network) : [dflt];
    if (!nets.length)
      throw invalidParam(
        param,
        `'${address}' is a${p.network === 'evm' ? 'n EVM' : ` ${p.network}`} address, but chains names no ${p.network} network.`,
      );
    for (const n of nets) add({ address: p.address, key: addressKey(p.address), network: n });
  });
  return [...out.values()];
}

/** The display form of a stored address key (EIP-55 for EVM). */
export const displayAddress = (key: string) => {
  const p = parseAddress(key);
  return p.valid ? p.address : key;
};
