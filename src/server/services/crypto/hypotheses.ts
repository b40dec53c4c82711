import type { Ctx, Db } from '../../context';
import { newId } from '../../ids';
import {
  DEPOSIT_WINDOW_MS,
  exchangeHypotheses,
  packetReadiness,
  type ChainTransfer,
} from '../../domain/crypto/hypotheses';
import { getChainSource } from '../chain/source';
import { displayAddress, type ResolvedWallet } from './wallet-inputs';
import { exchangeLabelOf } from './labels';
import { readinessContext, type ReadinessContext } from './readiness';
import { loopYield } from '../loop-yield';

/**
 * Exchange hypotheses for resolved wallets (API-CONTRACT §17): label, counterparty and
 * 72-hour deposit pattern (amount, asset and time matched, dust ignored, sweep tested), each
 * with a GraphSense-scale confidence, the facts it rests on and its packet readiness.
 * Reads each wallet's history once and the second hop of all its payees in one query.
 * Packets read this for their `contents` (with `packet_readiness`).
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
  const items = [];
  const unavailable: string[] = [];
  const pause = loopYield();
  for (const w of args.wallets) {
    await pause();
    const src = getChainSource(ctx, db, w.network);
    if (!src.available) unavailable.push(src.missing!);
    const own = args.histories?.get(`${w.network}:${w.key}`) ?? (await src.transfers([w.key]));
    const payees = [...new Set(own.filter((t) => t.from === w.key && !exchangeLabelOf(t.to)).map((t) => t.to))];
    const sent = own.filter((t) => t.from === w.key);
    const second =
      payees.length && sent.length
        ? await src.outgoing(payees, {
            from: sent[0].timestamp,
            to: new Date(sent.at(-1)!.timestamp.getTime() + DEPOSIT_WINDOW_MS),
          })
        : [];
    const byFrom = new Map<string, ChainTransfer[]>();
    for (const t of second) {
      const list = byFrom.get(t.from);
      if (list) list.push(t);
      else byFrom.set(t.from, [t]);
    }
    const drafts = exchangeHypotheses({
      wallet: w.key,
      network: w.network,
      own,
      forwards: (a) => byFrom.get(a) ?? [],
      exchangeOf: exchangeLabelOf,
    });
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
