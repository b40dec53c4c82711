import type { Ctx, Db } from '../../context';
import { newId } from '../../ids';
import {
  DEPOSIT_WINDOW_MS,
  exchangeHypothesisSteps,
  packetReadiness,
  type ChainTransfer,
} from '../../domain/crypto/hypotheses';
import { getChainSource, type ChainSource } from '../chain/source';
import { displayAddress, type ResolvedWallet } from './wallet-inputs';
import { exchangeLabelledKeys, exchangeLabelOf } from './labels';
import { readinessContext, type ReadinessContext } from './readiness';
import { loopYield } from '../loop-yield';

/**
 * Exchange hypotheses for resolved wallets (API-CONTRACT §17): label, counterparty and
 * 72-hour deposit pattern (amount, asset and time matched, dust ignored, sweep tested), each
 * with a GraphSense-scale confidence, the facts it rests on and its packet readiness.
 * Reads the wallets' histories per network in one batch (`histories` when the caller has read
 * them) and the second hop of all their payees likewise. Packets read this for their
 * `contents` (with `packet_readiness`).
 */
export async function computeExchangeHypotheses(
  ctx: Ctx,
  db: Db,
  args: {
    matter_id: string;
    wallets: ResolvedWallet[];
    min_confidence?: number;
    readiness?: ReadinessContext;
    histories?: Map<string, ChainTransfer[]>;
  },
) {
  const ready = args.readiness ?? (await readinessContext(ctx, db, args.matter_id));
  const histories = args.histories ?? (await walletHistories(ctx, db, args.wallets));
  const items = [];
  const unavailable: string[] = [];
  const pause = loopYield();
  const reads = [];
  for (const w of args.wallets) {
    await pause();
    const src = getChainSource(ctx, db, w.network);
    if (!src.available) unavailable.push(src.missing!);
    const own = histories.get(`${w.network}:${w.key}`) ?? [];
    const sent = own.filter((t) => t.from === w.key);
    const payees = [...new Set(sent.filter((t) => !exchangeLabelOf(t.to)).map((t) => t.to))];
    const range = sent.length
      ? { from: sent[0].timestamp, to: new Date(sent.at(-1)!.timestamp.getTime() + DEPOSIT_WINDOW_MS) }
      : null;
    reads.push({ w, src, own, payees, range });
  }
  const second = await secondHops(reads, pause);
  for (const { w, src, own, range } of reads) {
    await pause();
    const byFrom = second.get(w.network)!;
    // Only the forwards in this wallet's own window count (its sweep share included).
    const inRange = (t: ChainTransfer) => range !== null && t.timestamp >= range.from && t.timestamp <= range.to;
    const steps = exchangeHypothesisSteps({
      wallet: w.key,
      network: w.network,
      own,
      forwards: (a) => (byFrom.get(a) ?? []).filter(inRange),
      exchangeOf: exchangeLabelOf,
    });
    let step = steps.next();
    for (; !step.done; step = steps.next()) await pause();
    const drafts = step.value;
    for (const h of drafts) {
      if (args.min_confidence !== undefined && h.confidence < args.min_confidence) continue;
      items.push({
        object: 'exchange_hypothesis' as const,
        hypothesis_id: newId('hypothesis'),
        exchange: h.exchange,
        wallet: displayAddress(h.wallet),
        network: h.network,
        basis: h.basis,
        confidence: h.confidence,
        confidence_basis: h.confidence_basis,
        exchange_address: displayAddress(h.exchange_address),
        packet_readiness: packetReadiness({ ...ready, has_relationship: ready.relationships.has(h.exchange) }),
        evidence_count: h.evidence_count,
        facts: h.facts,
        counter_evidence: h.counter_evidence,
        evidence: h.evidence.map((e) => ({
          ...e,
          from_address: displayAddress(e.from_address),
          to_address: displayAddress(e.to_address),
        })),
        source_refs: h.evidence.map((e) => ({
          source_type: 'blockchain_record',
          title: `${h.network} transfer ${e.transaction_hash}`,
          uri: `${src.source}:${h.network}:${e.transaction_hash}`,
        })),
      });
    }
  }
  return { items, unavailable: [...new Set(unavailable)] };
}

/**
 * The part of wallets' histories a hypothesis can rest on: filtered by the source where it
 * can (a wallet with 100,000 transfers is then read as the few thousand that matter), else all.
 */
function hypothesisHistory(src: ChainSource, keys: string[]) {
  return src.hypothesisTransfers
    ? src.hypothesisTransfers(keys, exchangeLabelledKeys(), DEPOSIT_WINDOW_MS)
    : src.transfers(keys);
}

/**
 * Each wallet's hypothesis history, read for all wallets of a network at once, filed by
 * `network:key` in chain order. Not per wallet: a packet or asset map of a full matter lists
 * 1,000 wallets, and a query each made a 1,000-wallet packet take 8-9 s (2026-12-06).
 * `onRead` is given each network's source once its history is read (the asset map notes what
 * that read covered).
 */
export async function walletHistories(
  ctx: Ctx,
  db: Db,
  wallets: readonly ResolvedWallet[],
  onRead?: (network: ResolvedWallet['network'], src: ChainSource) => void,
) {
  const histories = new Map<string, ChainTransfer[]>(wallets.map((w) => [`${w.network}:${w.key}`, []]));
  for (const network of [...new Set(wallets.map((w) => w.network))]) {
    const src = getChainSource(ctx, db, network);
    const transfers = await hypothesisHistory(
      src,
      wallets.filter((w) => w.network === network).map((w) => w.key),
    );
    onRead?.(network, src);
    for (const t of transfers) {
      histories.get(`${network}:${t.from}`)?.push(t);
      if (t.to !== t.from) histories.get(`${network}:${t.to}`)?.push(t);
    }
  }
  return histories;
}

/** Payees per second-hop query: each query's address list and answer stay small. */
const PAYEE_CHUNK = 1_000;

/**
 * The deposit pattern's second hop for every wallet at once, per network: the outgoing
 * transfers of all payees over the union of the wallets' windows, PAYEE_CHUNK payees per
 * query with a step out between queries (not one query per wallet: a matter has 1,000).
 */
async function secondHops(
  reads: { w: ResolvedWallet; src: ChainSource; payees: string[]; range: { from: Date; to: Date } | null }[],
  pause: () => Promise<void>,
) {
  const out = new Map<string, Map<string, ChainTransfer[]>>();
  for (const network of new Set(reads.map((r) => r.w.network))) {
    const byFrom = new Map<string, ChainTransfer[]>();
    out.set(network, byFrom);
    const mine = reads.filter((r) => r.w.network === network && r.range && r.payees.length);
    if (!mine.length) continue;
    const payees = [...new Set(mine.flatMap((r) => r.payees))];
    const from = new Date(Math.min(...mine.map((r) => r.range!.from.getTime())));
    const to = new Date(Math.max(...mine.map((r) => r.range!.to.getTime())));
    for (let i = 0; i < payees.length; i += PAYEE_CHUNK) {
      for (const t of await mine[0].src.outgoing(payees.slice(i, i + PAYEE_CHUNK), { from, to })) {
        const list = byFrom.get(t.from);
        if (list) list.push(t);
        else byFrom.set(t.from, [t]);
      }
      await pause();
    }
  }
  return out;
}
