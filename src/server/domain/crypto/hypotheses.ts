import type { LabelHit } from '../judgments/wallet-index';

/**
 * Exchange hypotheses (API-CONTRACT §17, issue 31 part 3) from a wallet's transfers and the
 * shipped labels. Confidence is on GraphSense's 0–100 scale: the level of the weakest step the
 * hypothesis rests on, lowered by counter-evidence; each hypothesis states the facts it rests
 * on (`facts`) and what speaks against it (`counter_evidence`).
 * - `label`: the wallet itself carries an exchange label → the label's confidence level.
 * - `counterparty`: value of at least the dust floor moved between the wallet and a labelled
 *   exchange address (read from the ledger, ledger_immanent 100, so the label's level decides).
 *   A deposit (wallet → exchange) counts at the label's level; a withdrawal (exchange →
 *   wallet) shows that some account holder paid the wallet, not that the wallet's owner holds
 *   the account, so it counts at most untrusted_transaction 40.
 * - `deposit_pattern`: the wallet paid an unlabelled address X, and X forwarded the same asset
 *   and amount (within AMOUNT_TOLERANCE, one payment or the sum of the wallet's payments to X
 *   in the window) to a labelled exchange address within 72 hours: X behaves as the wallet's
 *   deposit address, swept into the exchange's hot wallet (where the exchange's deposit
 *   addresses fan in). min(label level, untrusted_transaction 40), since the middle hop is an
 *   inference about a third party's address; × the share of X's outflow of that asset that
 *   went to labelled exchanges (a deposit address sweeps everything to its exchange; value X
 *   sends elsewhere is counter-evidence).
 * Transfers below the dust floor (DUST_FLOOR) never count: a 0.000001 USDT transfer from a hot
 * wallet is address poisoning or spam, not a relationship.
 */
export const DEPOSIT_WINDOW_MS = 72 * 3600_000;
/** Relative difference allowed between what the wallet paid X and what X forwarded (fees). */
export const AMOUNT_TOLERANCE = 0.02;

/** USD stablecoins (data/stablecoins/issuers.json), valued at their 1 USD peg. */
const USD_STABLECOINS = new Set([
  'USDT',
  'USDC',
  'DAI',
  'FDUSD',
  'PYUSD',
  'TUSD',
  'USDG',
  'USDP',
  'USDS',
  'USDE',
  'BUSD',
]);
/**
 * The dust floor per asset, in the asset's units: US$10 for the USD stablecoins (at the peg),
 * and for native coins about US$10 at November 2025 prices (ETH ≈ US$3,000, BTC ≈ US$90,000,
 * TRX ≈ US$0.28, BNB ≈ US$900, POL ≈ US$0.20). A policy floor, not market data: an asset
 * without a floor is not dust-tested and its hypotheses say so.
 */
export const DUST_FLOOR: Record<string, number> = {
  ETH: 0.003,
  WETH: 0.003,
  BTC: 0.0001,
  TRX: 40,
  BNB: 0.01,
  POL: 50,
  MATIC: 50,
};
export const dustFloorOf = (asset: string): number | null =>
  USD_STABLECOINS.has(asset.toUpperCase()) ? 10 : (DUST_FLOOR[asset.toUpperCase()] ?? null);
const isDust = (t: { asset: string; amount: string }) => {
  const floor = dustFloorOf(t.asset);
  return floor !== null && Number(t.amount) < floor;
};

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
  /** Each fact the hypothesis rests on, in words (the first MAX_EVIDENCE). */
  facts: string[];
  /** What speaks against it (it lowered `confidence`). */
  counter_evidence: string[];
}

/** Evidence transfers (and facts) listed per hypothesis (the count covers all of them). */
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
const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
const near = (a: number, b: number) => b > 0 && Math.abs(a - b) <= AMOUNT_TOLERANCE * b;
const labelName = (l: ExchangeLabel) => `${l.label.name_tags || l.exchange} (${l.tier} ${l.level})`;
const when = (t: ChainTransfer) => t.timestamp.toISOString();
const hours = (ms: number) => `${Math.round(ms / 360_000) / 10} h`;
const depositBasis = (x: string, asset: string, ex: ExchangeLabel, share: number) =>
  `paid ${x}, which forwarded the same ${asset} amount to a labelled exchange within 72 h: min(label ${ex.tier} ${ex.level}, untrusted_transaction ${UNTRUSTED_TRANSACTION})${share < 1 ? ` × ${round2(share)} (share of its outflow swept to exchanges)` : ''}`;
/** Payments checked one by one against a forward (the window's sum is always checked). */
const SINGLE_MATCH_SCAN = 50;

type HypothesisArgs = {
  wallet: string;
  network: string;
  own: ChainTransfer[];
  forwards: (address: string) => ChainTransfer[];
  exchangeOf: (address: string) => ExchangeLabel | null;
};

/** Transfers or payees handled between two yields of exchangeHypothesisSteps. */
const STEP = 500;

/**
 * @param wallet the wallet's key; `own` its transfers; `forwards(addr)` the outgoing transfers
 * of an intermediate address; `exchangeOf(addr)` the exchange label of an address, if any.
 * O(own + forwards) with maps; no pair of lists is crossed.
 */
export function exchangeHypotheses(args: HypothesisArgs): HypothesisDraft[] {
  const steps = exchangeHypothesisSteps(args);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The same computation, yielding every STEP transfers or payees so a caller can let other work
 * in between (a wallet with 5,000 forwarded payments is ~150 ms of work in one piece).
 */
export function* exchangeHypothesisSteps(args: HypothesisArgs): Generator<void, HypothesisDraft[]> {
  const out = new Map<string, HypothesisDraft>();
  const seen = new Map<string, Set<string>>();
  const add = (d: Omit<HypothesisDraft, 'evidence_count'>) => {
    const k = `${d.exchange}|${d.basis}`;
    const hashes = seen.get(k) ?? new Set<string>();
    seen.set(k, hashes);
    const fresh = d.evidence.filter((e) => !hashes.has(e.transaction_hash));
    for (const e of fresh) hashes.add(e.transaction_hash);
    const prev = out.get(k);
    if (!prev)
      out.set(k, {
        ...d,
        evidence: fresh.slice(0, MAX_EVIDENCE),
        evidence_count: fresh.length,
        facts: d.facts.slice(0, MAX_EVIDENCE),
        counter_evidence: d.counter_evidence.slice(0, MAX_EVIDENCE),
      });
    else {
      if (d.confidence > prev.confidence)
        Object.assign(prev, {
          confidence: d.confidence,
          confidence_basis: d.confidence_basis,
          exchange_address: d.exchange_address,
        });
      prev.evidence.push(...fresh.slice(0, Math.max(0, MAX_EVIDENCE - prev.evidence.length)));
      prev.evidence_count += fresh.length;
      for (const [list, more] of [
        [prev.facts, d.facts],
        [prev.counter_evidence, d.counter_evidence],
      ] as const)
        for (const f of more) if (list.length < MAX_EVIDENCE && !list.includes(f)) list.push(f);
    }
  };
  /**
   * Whether the hypothesis under `k` already lists all it may (evidence, facts and, with
   * `counter`, counter-evidence): a further draft can then only add to its count and raise its
   * confidence, so its words need not be written (a busy wallet has thousands of forwards).
   */
  const full = (k: string, counter: boolean) => {
    const p = out.get(k);
    return (
      !!p &&
      p.evidence.length >= MAX_EVIDENCE &&
      p.facts.length >= MAX_EVIDENCE &&
      (!counter || p.counter_evidence.length >= MAX_EVIDENCE)
    );
  };
  /** What `add` does with a draft for a full hypothesis: count its unseen transfers, keep the best confidence. */
  const tally = (
    k: string,
    transfers: ChainTransfer[],
    confidence: number,
    better: () => Pick<HypothesisDraft, 'confidence_basis' | 'exchange_address'>,
  ) => {
    const hashes = seen.get(k)!;
    const prev = out.get(k)!;
    for (const t of transfers)
      if (!hashes.has(t.transaction_hash)) {
        hashes.add(t.transaction_hash);
        prev.evidence_count++;
      }
    if (confidence > prev.confidence) Object.assign(prev, { confidence, ...better() });
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
      facts: [`${args.wallet} carries the exchange label ${labelName(self)}`],
      counter_evidence: [],
    });
  }
  // The wallet's payments to unlabelled addresses, per address and asset, in time order.
  const paid = new Map<string, ChainTransfer[]>();
  let n = 0;
  for (const t of args.own) {
    if (++n % STEP === 0) yield;
    if (isDust(t)) continue;
    const other = t.from === args.wallet ? t.to : t.from;
    const lab = args.exchangeOf(other);
    if (lab) {
      const deposit = t.from === args.wallet;
      const level = deposit ? lab.level : Math.min(lab.level, UNTRUSTED_TRANSACTION);
      add({
        exchange: lab.exchange,
        wallet: args.wallet,
        network: args.network,
        basis: 'counterparty',
        confidence: level,
        confidence_basis: deposit
          ? `direct deposit (ledger_immanent 100) to a labelled exchange (${lab.tier} ${lab.level})`
          : `withdrawal from a labelled exchange (${lab.tier} ${lab.level}): some account holder paid the wallet, at most untrusted_transaction ${UNTRUSTED_TRANSACTION}`,
        evidence: [ev(t)],
        exchange_address: other,
        facts: [
          deposit
            ? `${when(t)}: the wallet sent ${t.amount} ${t.asset} to ${other}, labelled ${labelName(lab)}`
            : `${when(t)}: ${other}, labelled ${labelName(lab)}, sent the wallet ${t.amount} ${t.asset}`,
          ...(dustFloorOf(t.asset) === null ? [`${t.asset} has no dust floor: its amount was not tested`] : []),
        ],
        counter_evidence: [],
      });
      continue;
    }
    if (t.from !== args.wallet) continue;
    const k = `${t.to}\u0000${t.asset}`;
    const list = paid.get(k);
    if (list) list.push(t);
    else paid.set(k, [t]);
  }
  for (const list of paid.values()) list.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  const payees = new Set([...paid.values()].map((l) => l[0].to));
  for (const x of payees) {
    if (++n % STEP === 0) yield;
    // X's outflow per asset: all of it, and what went to labelled exchanges (the sweep test).
    const fwd = args.forwards(x).filter((f) => f.from === x && !isDust(f));
    const outflow = new Map<string, { total: number; toExchange: number; elsewhere: Set<string> }>();
    const labelOfTo = new Map<string, ExchangeLabel | null>();
    for (const f of fwd) {
      let lab = labelOfTo.get(f.to);
      if (lab === undefined) labelOfTo.set(f.to, (lab = args.exchangeOf(f.to)));
      const o = outflow.get(f.asset) ?? { total: 0, toExchange: 0, elsewhere: new Set<string>() };
      outflow.set(f.asset, o);
      o.total += Number(f.amount);
      if (lab) o.toExchange += Number(f.amount);
      else o.elsewhere.add(f.to);
    }
    for (const f of fwd) {
      const ex = labelOfTo.get(f.to);
      if (!ex) continue;
      const sends = paid.get(`${x}\u0000${f.asset}`);
      if (!sends) continue; // the wallet never paid X this asset: value did not move this way
      const at = f.timestamp.getTime();
      // The wallet's payments to X in [f − 72 h, f], the latest first.
      const inWindow: ChainTransfer[] = [];
      for (let i = sends.length - 1; i >= 0; i--) {
        const st = sends[i].timestamp.getTime();
        if (st > at) continue;
        if (st < at - DEPOSIT_WINDOW_MS) break;
        inWindow.push(sends[i]);
      }
      if (!inWindow.length) continue;
      const amount = Number(f.amount);
      const single = inWindow.slice(0, SINGLE_MATCH_SCAN).find((s0) => near(amount, Number(s0.amount)));
      const sum = inWindow.reduce((n, s0) => n + Number(s0.amount), 0);
      const matched = single ? [single] : near(amount, sum) ? inWindow : null;
      if (!matched) continue; // amounts do not match: X forwarded someone else's value
      const o = outflow.get(f.asset)!;
      const share = o.total > 0 ? o.toExchange / o.total : 1;
      const base = Math.min(ex.level, UNTRUSTED_TRANSACTION);
      const confidence = round2(base * share);
      const key = `${ex.exchange}|deposit_pattern`;
      if (full(key, share < 1)) {
        tally(key, [...matched, f], confidence, () => ({
          confidence_basis: depositBasis(x, f.asset, ex, share),
          exchange_address: f.to,
        }));
        continue;
      }
      const paidSum = matched.reduce((n, s0) => n + Number(s0.amount), 0);
      const facts = [
        ...matched
          .slice(0, MAX_EVIDENCE - 2)
          .map((s0) => `${when(s0)}: the wallet paid ${s0.amount} ${s0.asset} to ${x} (unlabelled)`),
        `${when(f)}: ${x} forwarded ${f.amount} ${f.asset} to ${f.to}, labelled ${labelName(ex)}, ${hours(at - matched.at(-1)!.timestamp.getTime())} after the ${matched.length > 1 ? 'first of the payments' : 'payment'}`,
        `same asset, amount within ${AMOUNT_TOLERANCE * 100}% (${f.amount} forwarded of ${round2(paidSum * 1e6) / 1e6} paid), within ${DEPOSIT_WINDOW_MS / 3600_000} h`,
        share === 1
          ? `sweep: all of ${x}'s ${f.asset} outflow (${o.total}) went to labelled exchange addresses`
          : `${Math.round(share * 100)}% of ${x}'s ${f.asset} outflow went to labelled exchange addresses`,
      ];
      if (dustFloorOf(f.asset) === null) facts.push(`${f.asset} has no dust floor: its amounts were not tested`);
      const counter =
        share < 1
          ? [
              `${x} also sent ${round2((o.total - o.toExchange) * 1e6) / 1e6} ${f.asset} to ${o.elsewhere.size} unlabelled address(es): a deposit address sweeps everything to its exchange`,
            ]
          : [];
      add({
        exchange: ex.exchange,
        wallet: args.wallet,
        network: args.network,
        basis: 'deposit_pattern',
        confidence,
        confidence_basis: depositBasis(x, f.asset, ex, share),
        evidence: [...matched.slice(0, MAX_EVIDENCE - 1).map(ev), ev(f)],
        exchange_address: f.to,
        facts,
        counter_evidence: counter,
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
