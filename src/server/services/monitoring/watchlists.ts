import type { Prisma } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { isId, newId } from '../../ids';
import { NETWORKS, walletFor, type ChainNetwork } from '../../domain/crypto/networks';
import { normalizeThresholds } from '../../domain/monitoring/rules';
import { recordChange } from '../audit/append';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { loadOwned, loadWritableMatter, listMatterFilter } from '../matters/access';
import { clockPassSoon } from './clock-pass';
import { initialCursor, scanSourceOf } from './cursors';
import { watchlistOut } from './serialize';
import { wakeOnCommit } from '../../jobs/work-signal';

export type AddressInput = string | { address: string; network?: ChainNetwork };

export interface CreateWatchlistInput {
  matter_id: string;
  name: string;
  chains?: ChainNetwork[];
  thresholds?: { min_amount?: string; min_usd?: string; exchange_hops?: 1 | 2; deadline_days?: number };
  addresses?: AddressInput[];
  reason?: string;
  source_refs?: unknown[];
}

const DEFAULT_CHAINS: ChainNetwork[] = ['ethereum'];

/**
 * Each input address validated per network: a bare address is watched on every chain of the
 * watchlist of its family (an EVM address on each EVM chain); `{address, network}` on that
 * network, which must be one of the chains. A refusal is 400 naming the item and the reason.
 */
export function resolveWatchAddresses(inputs: AddressInput[], chains: ChainNetwork[], param = 'addresses') {
  const out: { network: ChainNetwork; key: string; display: string }[] = [];
  inputs.forEach((item, i) => {
    const address = (typeof item === 'string' ? item : item.address).trim();
    const nets = typeof item === 'string' ? chains : ([item.network ?? null].filter(Boolean) as ChainNetwork[]);
    if (typeof item !== 'string' && item.network && !chains.includes(item.network)) {
      throw invalidParam(
        `${param}[${i}].network`,
        `${item.network} is not one of the watchlist's chains (${chains.join(', ')}).`,
      );
    }
    const targets = typeof item === 'string' || !item.network ? chains : nets;
    let first: string | null = null;
    let matched = 0;
    for (const network of targets) {
      const w = walletFor(address, network);
      if ('error' in w) {
        first ??= w.error;
        continue;
      }
      matched++;
      out.push({ network, key: w.key, display: w.address });
    }
    if (!matched) {
      const where = typeof item === 'string' ? `${param}[${i}]` : `${param}[${i}].address`;
      throw invalidParam(
        where,
        `'${address}' is not valid on the watchlist's chains (${targets.join(', ')}): ${first ?? 'no chain to watch it on'}`,
      );
    }
  });
  return out;
}

async function insertAddresses(
  ctx: Ctx,
  tx: Tx,
  watchlistId: string,
  rows: ReturnType<typeof resolveWatchAddresses>,
  reason: string,
  sourceRefs: unknown[],
) {
  if (!rows.length) return 0;
  const r = await tx.watchlistAddress.createMany({
    data: rows.map((a) => ({
      watchlist_id: watchlistId,
      network: a.network,
      address: a.key,
      org_id: ctx.org.id,
      env: ctx.env,
      display: a.display,
      reason,
      source_refs: sourceRefs as Prisma.InputJsonValue,
    })),
    skipDuplicates: true,
  });
  return r.count;
}

/** Loads a watchlist of the caller's org/env on a matter the actor sees; else 404. */
export const findWatchlist = (ctx: Ctx, db: Db, id: string) =>
  loadOwned(ctx, 'watchlist', id, isId('watchlist', id), () =>
    db.watchlist.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );

const addressesOf = (db: Db, id: string) => db.watchlistAddress.findMany({ where: { watchlist_id: id } });

/**
 * Creates a watchlist on a matter with its thresholds (alert rules derive from them) and,
 * optionally, its first addresses. Its scanner cursors start at each chain's present head,
 * so it alerts on movements from now on.
 */
export async function createWatchlist(ctx: Ctx, tx: Tx, input: CreateWatchlistInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const chains = [...new Set(input.chains?.length ? input.chains : DEFAULT_CHAINS)];
  const thresholds = normalizeThresholds(input.thresholds);
  const addresses = resolveWatchAddresses(input.addresses ?? [], chains);
  if (addresses.length && !input.reason)
    throw invalidParam('reason', 'reason is required with addresses: say why they are watched.');
  const w = await tx.watchlist.create({
    data: {
      id: newId('watchlist'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      name: input.name,
      chains,
      thresholds: thresholds as unknown as Prisma.InputJsonValue,
    },
  });
  for (const network of chains) {
    const source = scanSourceOf(ctx.env, network);
    if (!source) continue;
    await tx.watchCursor.create({
      data: { watchlist_id: w.id, network, source, position: await initialCursor(tx, source, network) },
    });
  }
  await insertAddresses(ctx, tx, w.id, addresses, input.reason ?? '', input.source_refs ?? []);
  await clockPassSoon(tx);
  // The scanner takes the new watchlist up (clock pass, cursors) once this commits.
  wakeOnCommit(tx, 'monitor');
  const out = watchlistOut(w, await addressesOf(tx, w.id));
  await recordChange(ctx, tx, {
    event_type: 'watchlist.created',
    object_type: 'watchlist',
    object_id: w.id,
    matter_id: m.id,
    details: { name: w.name, chains, thresholds, addresses: out.addresses.length },
  });
  return out;
}

/** Adds validated addresses with the reason and sources for watching them (duplicates are kept once). */
export async function addWatchlistAddresses(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { addresses: AddressInput[]; reason: string; source_refs?: unknown[] },
) {
  const w = await findWatchlist(ctx, tx, id);
  await loadWritableMatter(ctx, tx, w.matter_id);
  if (w.status === 'archived')
    throw invalidParam('watchlist_id', `Watchlist ${w.id} is archived; it takes no new addresses.`);
  const rows = resolveWatchAddresses(input.addresses, w.chains as ChainNetwork[]);
  const added = await insertAddresses(ctx, tx, w.id, rows, input.reason, input.source_refs ?? []);
  const updated = await tx.watchlist.update({ where: { id: w.id }, data: { updated_at: new Date() } });
  const out = watchlistOut(updated, await addressesOf(tx, w.id));
  await recordChange(ctx, tx, {
    event_type: 'watchlist.addresses_added',
    object_type: 'watchlist',
    object_id: w.id,
    matter_id: w.matter_id,
    details: { added, addresses: [...new Set(rows.map((r) => r.display))], reason: input.reason },
  });
  return out;
}

/** One watchlist with its addresses and alert rules. */
export async function getWatchlist(ctx: Ctx, db: Db, id: string) {
  const w = await findWatchlist(ctx, db, id);
  return watchlistOut(w, await addressesOf(db, w.id));
}

const WATCHLIST_INDEXES = listIndexes('Watchlist', [['matter_id'], ['org_id', 'env']]);

/** Watchlists of the caller's org/env (and matters), newest first. */
export async function listWatchlists(ctx: Ctx, db: Db, q: PageArgs & { matter_id?: string; status?: string }) {
  const matter = listMatterFilter(ctx, q.matter_id);
  const where: Prisma.WatchlistWhereInput = {
    org_id: ctx.org.id,
    env: ctx.env,
    ...(matter ? { matter_id: matter } : {}),
    ...(q.status ? { status: q.status } : {}),
  };
  const { where: rest, lead } = leadOf(where, WATCHLIST_INDEXES);
  const page = await keysetPage(q, (a) => db.watchlist.findMany({ ...a, where: { ...a.where, ...rest } }), lead);
  const all = await db.watchlistAddress.findMany({ where: { watchlist_id: { in: page.data.map((w) => w.id) } } });
  return listEnvelope(page, '/v1/watchlists', (w) =>
    watchlistOut(
      w,
      all.filter((a) => a.watchlist_id === w.id),
    ),
  );
}

export const networksOf = (chains: string[]) => chains.filter((c): c is ChainNetwork => Object.hasOwn(NETWORKS, c));
