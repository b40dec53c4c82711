import type { Ctx, Db } from '../../context';
import { classifyWallet, type WalletClassification } from '../../domain/judgments/wallet-index';
import { walletIndex } from '../judgments/wallet-data';
import { computeExchangeHypotheses } from '../crypto/hypotheses';
import { resolveWallets } from '../crypto/wallet-inputs';

/**
 * The crypto inputs of a packet's contents. Wallets are validated and classified with the
 * enforcement plan's classifier over the shipped OFAC and exchange-label data; exchange
 * hypotheses come from the chain module (labels, counterparties, 72-hour deposit patterns).
 */
export function classifyPacketWallets(addresses: readonly string[]): WalletClassification[] {
  const index = walletIndex();
  return [...new Set(addresses.map((a) => a.trim()).filter(Boolean))].map((a) => classifyWallet(index, a));
}

/**
 * The chain module's exchange hypotheses for the packet's valid wallets (API-CONTRACT §17),
 * each with its confidence basis and packet readiness. Every hypothesis is a lead for counsel,
 * so each carries review_required.
 */
export async function exchangeHypotheses(ctx: Ctx, db: Db, matterId: string, wallets: readonly WalletClassification[]) {
  const valid = wallets.filter((w) => w.valid).map((w) => w.address);
  if (!valid.length) return [];
  const resolved = await resolveWallets(ctx, db, matterId, valid);
  const { items } = await computeExchangeHypotheses(ctx, db, { matter_id: matterId, wallets: resolved });
  return items.map((h) => ({
    exchange: h.exchange,
    wallet: h.wallet,
    network: h.network,
    basis: h.basis,
    confidence: h.confidence,
    confidence_basis: h.confidence_basis,
    exchange_address: h.exchange_address,
    evidence_count: h.evidence_count,
    packet_readiness: h.packet_readiness,
    review_required: true,
  }));
}

/** The datasets a classification rests on (named in the packet's contents). */
export const walletDatasets = (wallets: readonly WalletClassification[]) => [
  ...new Set(wallets.flatMap((w) => w.datasets)),
];
