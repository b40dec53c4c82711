import type { PrismaClient } from '@/generated/prisma/client';
import type { Tx } from '../../context';
import { NETWORKS, type ChainNetwork } from '../../domain/crypto/networks';
import { pricedAsset } from '../../domain/crypto/prices';
import { valueOf } from '../crypto/valuation';
import { tokenOf } from '../chain/sandbox-transfers';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import { findStablecoin } from '../../domain/crypto/stablecoins';
import { screenWallet } from '../../domain/sanctions/screen';
import { transferAlerts, type TransferFacts, type Thresholds } from '../../domain/monitoring/rules';
import { stablecoinIndex } from '../crypto/reference-data';
import { counterpartyNotes, exchangeLabelOf } from '../crypto/labels';
import { addressIndex } from '../sanctions/address-data';
import { evmRpcChain, rpcUrlOf } from '../chain/evm-rpc';
import { dec } from '../../domain/judgments/decimal';
import { raiseAlert } from './raise';

const TX = { timeout: 60_000, maxWait: 10_000 };
/** Transfers read per cursor per transaction (bounded work per lock). */
const BATCH = 500;
/** EVM blocks read per cursor per transaction. */
const EVM_BLOCKS = 2_000n;

interface CursorRow {
  watchlist_id: string;
  network: string;
  source: string;
  position: bigint;
}
interface Feed {
  transfers: (ChainTransfer & { subject: string })[];
  next: bigint;
}
type Wl = { id: string; org_id: string; env: string; matter_id: string; thresholds: unknown };

/** Sandbox transfers of the watchlist's org/env/network after the cursor touching `watched`
 *  (and, for two exchange hops, the outgoing transfers of their first-hop recipients). */
async function sandboxFeed(tx: Tx, w: Wl, c: CursorRow, watched: string[], twoHops: boolean): Promise<Feed> {
  const [h] = await tx.$queryRaw<{ seq: bigint | null }[]>`SELECT max(seq) AS seq FROM sandbox_transfers`;
  const head = h?.seq ?? 0n;
  if (head <= c.position) return { transfers: [], next: c.position };
  const rows = await tx.$queryRaw<
    {
      seq: bigint;
      transaction_hash: string;
      from_address: string;
      to_address: string;
      asset: string;
      token_contract: string | null;
      amount: string;
      timestamp: Date;
    }[]
  >`
    SELECT seq, transaction_hash, from_address, to_address, asset, token_contract, amount::text AS amount, timestamp FROM sandbox_transfers
    WHERE org_id = ${w.org_id} AND env = ${w.env} AND network = ${c.network} AND seq > ${c.position} AND seq <= ${head}
      AND (from_address = ANY(${watched}) OR to_address = ANY(${watched})
           OR (${twoHops} AND from_address IN (SELECT to_address FROM sandbox_transfers s2
                 WHERE s2.org_id = ${w.org_id} AND s2.env = ${w.env} AND s2.network = ${c.network} AND s2.from_address = ANY(${watched}) AND s2.seq <= ${head})))
    ORDER BY seq LIMIT 500`;
  const next = rows.length === BATCH ? rows.at(-1)!.seq : head;
  return {
    next,
    transfers: rows.map((r) => ({
      transaction_hash: r.transaction_hash,
      network: c.network,
      from: r.from_address,
      to: r.to_address,
      asset: r.asset,
      contract: r.token_contract,
      amount: dec(r.amount).toFixed(),
      timestamp: r.timestamp,
      block_number: Number(r.seq),
      subject: `${c.network}:${r.transaction_hash}`,
    })),
  };
}

/** ERC-20 Transfer logs of new blocks on evm_rpc (MD_RPC_URL_<NETWORK>): it follows the head.
 *  Native-coin transfers carry no log and are not followed. */
async function evmFeed(c: CursorRow, watched: string[]): Promise<Feed | null> {
  const url = rpcUrlOf(c.network as ChainNetwork);
  if (!url) return null;
  const chain = evmRpcChain(c.network as ChainNetwork, url);
  const head = BigInt((await chain.head()).block_number ?? 0);
  if (c.position < 0n) return { transfers: [], next: head };
  if (head <= c.position) return { transfers: [], next: c.position };
  const to = c.position + EVM_BLOCKS < head ? c.position + EVM_BLOCKS : head;
  // No address yet: nothing to read (an empty filter would match every Transfer).
  if (!watched.length) return { transfers: [], next: to };
  const logs = (await chain.transferLogs(watched, c.position + 1n, to)) as (ChainTransfer & { log_index?: number })[];
  return {
    next: to,
    transfers: logs.map((l) => ({ ...l, subject: `${c.network}:${l.transaction_hash}:${l.log_index ?? 0}` })),
  };
}

/** The facts of one transfer seen from one watched address. */
function factsOf(
  t: ChainTransfer & { subject: string },
  watched: string,
  direction: 'outgoing' | 'incoming',
  via: TransferFacts['via'] = null,
): TransferFacts {
  const counterparty = direction === 'outgoing' ? t.to : t.from;
  const contract = (t as { contract?: string | null }).contract ?? null;
  const coin = findStablecoin(stablecoinIndex(), t.network, t.asset, contract);
  // Valued when it moved: a stablecoin at its peg, a native coin at the close of the transfer's day.
  const native = tokenOf(t.network, t.asset, contract).token_status === 'native';
  const at = new Date(t.timestamp);
  const v = valueOf(coin, native ? pricedAsset(NETWORKS[t.network as ChainNetwork].native) : null, t.amount, at);
  const ofac = screenWallet(addressIndex(), counterparty);
  const notes = counterpartyNotes(counterparty);
  const ex = exchangeLabelOf(counterparty);
  return {
    network: t.network,
    transaction_hash: t.transaction_hash,
    subject: t.subject,
    from: t.from,
    to: t.to,
    asset: t.asset,
    amount: t.amount,
    watched,
    direction,
    usd: v?.usd ?? null,
    valuation: v
      ? {
          usd_value: v.usd,
          valuation_basis: v.basis,
          valuation_time: at.toISOString(),
          price_usd: v.price,
          price_date: v.price_date,
          price_source: v.source,
          stale: v.stale,
        }
      : null,
    freezable_stablecoin: coin && coin.freeze && coin.freeze.length ? `${coin.issuer}: ${coin.freeze[0]}` : null,
    counterparty,
    counterparty_label: notes.notes[0] ?? null,
    counterparty_exchange: ex?.exchange ?? null,
    counterparty_ofac: ofac.length
      ? `${ofac[0].sdn_name}${ofac[0].programs.length ? `, ${ofac[0].programs.join(', ')}` : ''}`
      : null,
    via,
  };
}

/**
 * Scans one claimed cursor in `tx`: reads the feed after it, raises the alerts of each
 * transfer (once per rule and subject) and advances it, all in the one transaction, so the
 * alerts and the new position commit together or not at all.
 */
async function scanCursor(tx: Tx, c: CursorRow, requestId: string): Promise<number> {
  const w = await tx.watchlist.findUnique({ where: { id: c.watchlist_id } });
  if (!w) return 0;
  const t = w.thresholds as unknown as Thresholds;
  const watched = (
    await tx.watchlistAddress.findMany({ where: { watchlist_id: w.id, network: c.network }, select: { address: true } })
  ).map((a) => a.address);
  const feed =
    c.source === 'evm_rpc' ? await evmFeed(c, watched) : await sandboxFeed(tx, w, c, watched, t.exchange_hops === 2);
  const key = { watchlist_id_network: { watchlist_id: c.watchlist_id, network: c.network } };
  if (!feed) {
    // No feed configured (no MD_RPC_URL_<NETWORK>): look again later, not in a tight loop.
    await tx.watchCursor.update({ where: key, data: { updated_at: new Date(Date.now() + 60_000) } });
    return 0;
  }
  const set = new Set(watched);
  // First hops of this batch and before: the intermediary's receipt from a watched address.
  const firstHop = new Map<string, { hash: string; from: string }>();
  if (t.exchange_hops === 2 && c.source === 'sandbox_chain') {
    const outs = await tx.sandboxTransfer.findMany({
      where: {
        org_id: w.org_id,
        env: w.env,
        network: c.network,
        from_address: { in: watched },
        seq: { lte: feed.next },
      },
      select: { to_address: true, from_address: true, transaction_hash: true },
      orderBy: { seq: 'asc' },
    });
    for (const o of outs)
      if (!set.has(o.to_address) && !firstHop.has(o.to_address))
        firstHop.set(o.to_address, { hash: o.transaction_hash, from: o.from_address });
  }
  let raised = 0;
  const scope = { org_id: w.org_id, env: w.env, matter_id: w.matter_id, watchlist_id: w.id };
  for (const tr of feed.transfers) {
    const facts: TransferFacts[] = [];
    if (set.has(tr.from)) facts.push(factsOf(tr, tr.from, 'outgoing'));
    if (set.has(tr.to)) facts.push(factsOf(tr, tr.to, 'incoming'));
    const hop = !set.has(tr.from) ? firstHop.get(tr.from) : undefined;
    if (hop) facts.push(factsOf(tr, hop.from, 'outgoing', { transaction_hash: hop.hash, intermediary: tr.from }));
    for (const f of facts)
      for (const d of transferAlerts(t, f)) if (await raiseAlert(tx, scope, d, requestId)) raised++;
  }
  await tx.watchCursor.update({ where: key, data: { position: feed.next, updated_at: new Date() } });
  return raised;
}

/**
 * One claim of the chain scan: locks one due cursor with FOR UPDATE SKIP LOCKED (so workers
 * share cursors and never scan the same one at once) and scans it. Returns null when no
 * cursor was due, else the number of alerts raised.
 */
export async function scanNextCursor(db: PrismaClient, requestId: string): Promise<number | null> {
  return db.$transaction(async (tx) => {
    const [c] = await tx.$queryRaw<CursorRow[]>`
      SELECT c.watchlist_id, c.network, c.source, c.position FROM watch_cursors c JOIN watchlists w ON w.id = c.watchlist_id
      WHERE w.status = 'active'
        AND (c.source = 'evm_rpc' OR c.position < (SELECT coalesce(max(seq), 0) FROM sandbox_transfers))
        AND c.updated_at <= now() - (CASE WHEN c.source = 'evm_rpc' THEN interval '1 second' ELSE interval '0' END)
      ORDER BY c.updated_at LIMIT 1 FOR UPDATE OF c SKIP LOCKED`;
    if (!c) return null;
    return scanCursor(tx, c, requestId);
  }, TX);
}
