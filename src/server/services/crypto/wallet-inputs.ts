import type { AttributionWallet } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { addressKey, parseAddress } from '../../domain/judgments/wallet-address';
import { defaultNetwork, familyOf, walletFor, type ChainNetwork, type WalletRef } from '../../domain/crypto/networks';
import { MAX_MATTER_WALLETS } from '../attribution/wallets';
import { loopYield } from '../loop-yield';

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
 * imported wallets are used (at most MAX_MATTER_WALLETS: `implicitWallets`).
 */
export async function resolveWallets(
  ctx: Ctx,
  db: Db,
  matterId: string,
  wallets: WalletInput[] | undefined,
  chains?: ChainNetwork[],
): Promise<ResolvedWallet[]> {
  type Row = Awaited<ReturnType<typeof implicitWallets>>[number];
  const resolved = (ref: WalletRef, w: Row | undefined): ResolvedWallet => ({
    ...ref,
    wallet_id: w?.id ?? null,
    role: w?.role ?? 'unknown',
    confidence: w?.confidence ? Number(w.confidence) : null,
    source_refs: (w?.source_refs as unknown[]) ?? [],
  });
  if (!wallets?.length) {
    const out: ResolvedWallet[] = [];
    for (const w of await implicitWallets(ctx, db, matterId, 'wallets'))
      if (!chains?.length || chains.includes(w.network as ChainNetwork))
        out.push(resolved({ address: w.address, key: w.address_key, network: w.network as ChainNetwork }, w));
    return out;
  }
  const refs = new Map<string, WalletRef>();
  const add = (ref: WalletRef) => refs.set(`${ref.network}:${ref.key}`, ref);
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
  // Only the named wallets' rows: a request's own list is what bounds its work.
  const rows = await db.attributionWallet.findMany({
    where: {
      matter_id: matterId,
      org_id: ctx.org.id,
      env: ctx.env,
      address_key: { in: [...new Set([...refs.values()].map((r) => r.key))] },
    },
  });
  const byRef = new Map(rows.map((w) => [`${w.network}:${w.address_key}`, w]));
  return [...refs.entries()].map(([k, ref]) => resolved(ref, byRef.get(k)));
}

/** Imported wallets per read of a matter's implicit set. */
const WALLET_PAGE = 250;

/**
 * The matter's imported wallets, the set every operation uses when the request names none.
 * Imports stop at MAX_MATTER_WALLETS; a matter that holds more (imported before the cap) is
 * refused here rather than worked on whole or cut silently: the caller names its wallets.
 */
export async function implicitWallets(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, matterId: string, param: string) {
  // In pages by id with a step out between them: 1,000 rows in one read are one long
  // conversion on the request's thread (and, on PGlite, one long query there too).
  const rows: AttributionWallet[] = [];
  const pause = loopYield();
  for (let after: string | null = null; rows.length <= MAX_MATTER_WALLETS;) {
    const page: AttributionWallet[] = await db.attributionWallet.findMany({
      where: {
        matter_id: matterId,
        org_id: ctx.org.id,
        env: ctx.env,
        ...(after === null ? {} : { id: { gt: after } }),
      },
      orderBy: { id: 'asc' },
      take: WALLET_PAGE,
    });
    rows.push(...page);
    if (page.length < WALLET_PAGE) break;
    after = page.at(-1)!.id;
    await pause();
  }
  if (rows.length > MAX_MATTER_WALLETS)
    throw invalidParam(
      param,
      `Matter ${matterId} holds more than ${MAX_MATTER_WALLETS} wallets, more than one request works on; name at most ${MAX_MATTER_WALLETS} in ${param}.`,
    );
  return rows;
}

/**
 * Imported wallets by id (`wallet_ids[i]` must be one of the matter's), or the matter's
 * implicit set when none are named: the graph's and the correlation's wallet set.
 */
export async function namedOrImplicitWallets(ctx: Ctx, db: Db, matterId: string, ids: string[] | undefined) {
  if (!ids?.length) return implicitWallets(ctx, db, matterId, 'wallet_ids');
  const rows = await db.attributionWallet.findMany({
    where: { matter_id: matterId, org_id: ctx.org.id, env: ctx.env, id: { in: [...new Set(ids)] } },
  });
  const byId = new Map(rows.map((w) => [w.id, w]));
  return ids.map((id, i) => {
    const w = byId.get(id);
    if (!w) throw invalidParam(`wallet_ids[${i}]`, `No imported wallet '${id}' on this matter.`);
    return w;
  });
}

/** The display form of a stored address key (EIP-55 for EVM). */
export const displayAddress = (key: string) => {
  const p = parseAddress(key);
  return p.valid ? p.address : key;
};
