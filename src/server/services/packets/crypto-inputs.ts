import { classifyWallet, type WalletClassification } from '../../domain/judgments/wallet-index';
import { walletIndex } from '../judgments/wallet-data';

/**
 * SEAM (chain data, feat/chain): the crypto inputs of a packet's contents. Wallets are
 * validated and classified with the enforcement plan's classifier over the shipped OFAC and
 * exchange-label data. Exchange hypotheses come, for now, from those labels alone (basis
 * `label`); once the chain-data module lands, `exchangeHypotheses` should call its hypothesis
 * service (deposit patterns, counterparties, holdings) instead.
 */
export function classifyPacketWallets(addresses: readonly string[]): WalletClassification[] {
  const index = walletIndex();
  return [...new Set(addresses.map((a) => a.trim()).filter(Boolean))].map((a) => classifyWallet(index, a));
}

/**
 * Label-based hypotheses: a wallet carrying an exchange label is that exchange's address.
 * Confidence 20 is GraphSense's `web_crawl` level (the labels are Etherscan scrapes), so every
 * hypothesis carries review_required until a stronger source corroborates it.
 */
export function exchangeHypotheses(wallets: readonly WalletClassification[]) {
  return wallets
    .filter((w) => w.category === 'exchange')
    .map((w) => ({
      exchange: w.exchange ?? (w.labels[0]?.entity || 'unnamed exchange'),
      wallet: w.address,
      basis: 'label',
      confidence: 20,
      confidence_basis: 'GraphSense confidence `web_crawl` (Etherscan label scrape)',
      review_required: true,
    }));
}

/** The datasets a classification rests on (named in the packet's contents). */
export const walletDatasets = (wallets: readonly WalletClassification[]) => [...new Set(wallets.flatMap((w) => w.datasets))];
