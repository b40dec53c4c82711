import type { LabelHit } from '../judgments/wallet-index';

/**
 * Exchange hypotheses (API-CONTRACT §17) from a wallet's transfers and the shipped labels.
 * Confidence is on GraphSense's 0–100 scale: the level of the weakest step the hypothesis rests
 * on.
 * - `label`: the wallet itself carries an exchange label → the label's confidence level.
 * - `counterparty`: a labelled exchange sent to or received from the wallet → the transfer is
 *   read from the ledger (ledger_immanent, 100), so the label's level decides.
 * - `deposit_pattern`: the wallet paid an unlabelled address that forwarded funds to a labelled
 *   exchange within 72 hours (a deposit address) → min(label level, untrusted_transaction 40),
 *   since the middle hop is an inference about a third party's address.
 */
export const DEPOSIT_WINDOW_MS = 72 * 3600_000;

export interface ChainTransfer {
  transaction_hash: string;
  network: string;
  /** Address keys (lowercase for EVM). */
  from: string;
  to: string;
  asset: string;
  amount: string;
  timestamp: Date;
  block_number: number | null;
}

export interface ExchangeLabel {
  exchange: string;
  label: LabelHit;
  level: number;
  tier: string;
}

export type Basis = 'label' | 'counterparty' | 'deposit_pattern';

export interface HypothesisDraft {
  exchange: string;
  wallet: string;
  network: string;
  basis: Basis;
  confidence: number;
  confidence_basis: string;
  evidence: {
    transaction_hash: string;
    from_address: string;
    to_address: string;
    asset: string;
    amount: string;
    timestamp: string;
  }[];
  /** Transfers supporting the hypothesis; `evidence` lists the first MAX_EVIDENCE of them. */
  evidence_count: number;
  exchange_address: string;
}

/** Evidence transfers listed per hypothesis (the count covers all of them). */
export const MAX_EVIDENCE = 20;

const ev = (t: ChainTransfer) => ({
  transaction_hash: t.transaction_hash,
  from_address: t.from,
  to_address: t.to,
  asset: t.asset,
  amount: t.amount,
  timestamp: t.timestamp.toISOString(),
});

const UNTRUSTED_TRANSACTION = 40;

/**
 * @param wallet the wallet's key; `own` its transfers; `forwards(addr)` the outgoing transfers
 * of an intermediate address; `exchangeOf(addr)` the exchange label of an address, if any.
 */
export function exchangeHypotheses(args: {
  wallet: string;
  network: string;
  own: ChainTransfer[];
  forwards: (address: string) => ChainTransfer[];
  exchangeOf: (address: string) => ExchangeLabel | null;
}): HypothesisDraft[] {
  const out = new Map<string, HypothesisDraft>();
  const seen = new Map<string, Set<string>>();
  const add = (d: Omit<HypothesisDraft, 'evidence_count'>) => {
    const k = `${d.exchange}|${d.basis}`;
    const hashes = seen.get(k) ?? new Set<string>();
    seen.set(k, hashes);
    const fresh = d.evidence.filter((e) => !hashes.has(e.transaction_hash));
    for (const e of fresh) hashes.add(e.transaction_hash);
    const prev = out.get(k);
    if (!prev) out.set(k, { ...d, evidence: fresh.slice(0, MAX_EVIDENCE), evidence_count: fresh.length });
    else {
      if (d.confidence > prev.confidence)
        Object.assign(prev, {
          confidence: d.confidence,
          confidence_basis: d.confidence_basis,
          exchange_address: d.exchange_address,
        });
      prev.evidence.push(...fresh.slice(0, Math.max(0, MAX_EVIDENCE - prev.evidence.length)));
      prev.evidence_count += fresh.length;
    }
  };
  const self = args.exchangeOf(args.wallet);
  if (self) {
    add({
      exchange: self.exchange,
      wallet: args.wallet,
      network: args.network,
      basis: 'label',
      confidence: self.level,
      confidence_basis: `exchange label (${self.tier} ${self.level})`,
      evidence: [],
      exchange_address: args.wallet,
    });
  }
  for (const t of args.own) {
    const other = t.from === args.wallet ? t.to : t.from;
    const lab = args.exchangeOf(other);
    if (lab) {
      add({
        exchange: lab.exchange,
        wallet: args.wallet,
        network: args.network,
        basis: 'counterparty',
        confidence: lab.level,
        confidence_basis: `direct transfer (ledger_immanent 100) with a labelled exchange (${lab.tier} ${lab.level})`,
        evidence: [ev(t)],
        exchange_address: other,
      });
      continue;
    }
    if (t.from !== args.wallet) continue;
    const deadline = t.timestamp.getTime() + DEPOSIT_WINDOW_MS;
    for (const f of args.forwards(t.to)) {
      const at = f.timestamp.getTime();
      if (at < t.timestamp.getTime() || at > deadline) continue;
      const ex = args.exchangeOf(f.to);
      if (!ex) continue;
      const level = Math.min(ex.level, UNTRUSTED_TRANSACTION);
      add({
        exchange: ex.exchange,
        wallet: args.wallet,
        network: args.network,
        basis: 'deposit_pattern',
        confidence: level,
        confidence_basis: `forwarded to a labelled exchange within 72 h: min(label ${ex.tier} ${ex.level}, untrusted_transaction ${UNTRUSTED_TRANSACTION})`,
        evidence: [ev(t), ev(f)],
        exchange_address: f.to,
      });
    }
  }
  return [...out.values()].sort((a, b) => b.confidence - a.confidence || a.exchange.localeCompare(b.exchange));
}

export type PacketReadiness = 'ready' | 'needs_relationship' | 'needs_authority' | 'collection_paused';

/** What stands between a hypothesis and an exchange packet, most blocking first. */
export function packetReadiness(f: {
  collection_paused: boolean;
  authority_in_effect: boolean;
  has_relationship: boolean;
}): PacketReadiness {
  if (f.collection_paused) return 'collection_paused';
  if (!f.authority_in_effect) return 'needs_authority';
  if (!f.has_relationship) return 'needs_relationship';
  return 'ready';
}
