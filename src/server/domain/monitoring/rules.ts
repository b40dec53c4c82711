import { Decimal } from '../judgments/decimal';
import type { AlertType, Severity } from './alert-status';

/** A watchlist's thresholds (API-CONTRACT §18); decimals are exact text. */
export interface Thresholds {
  min_amount?: string;
  min_usd?: string;
  exchange_hops: 1 | 2;
  deadline_days: number;
}

export const DEFAULT_DEADLINE_DAYS = 30;

/** Thresholds with their defaults filled in. */
export function normalizeThresholds(
  t: { min_amount?: string; min_usd?: string; exchange_hops?: number; deadline_days?: number } | undefined,
): Thresholds {
  return {
    ...(t?.min_amount !== undefined ? { min_amount: new Decimal(t.min_amount).toFixed() } : {}),
    ...(t?.min_usd !== undefined ? { min_usd: new Decimal(t.min_usd).toFixed() } : {}),
    exchange_hops: t?.exchange_hops === 2 ? 2 : 1,
    deadline_days: t?.deadline_days ?? DEFAULT_DEADLINE_DAYS,
  };
}

export interface AlertRule {
  rule: AlertType;
  params: Record<string, unknown>;
}

/** The rules a watchlist's thresholds derive: one per alert type. */
export function alertRules(t: Thresholds): AlertRule[] {
  const amount = {
    ...(t.min_amount !== undefined ? { min_amount: t.min_amount } : {}),
    ...(t.min_usd !== undefined ? { min_usd: t.min_usd } : {}),
  };
  return [
    { rule: 'wallet_movement', params: { direction: 'outgoing', ...amount } },
    { rule: 'exchange_proximity', params: { exchange_hops: t.exchange_hops } },
    { rule: 'stablecoin_exposure', params: { direction: 'incoming', freezable_only: true, ...amount } },
    { rule: 'sanctions', params: { list: 'OFAC SDN', severity: 'critical' } },
    {
      rule: 'deadline',
      params: { deadline_days: t.deadline_days, covers: ['judgment_deadline', 'action_due', 'ofac_report_due'] },
    },
    {
      rule: 'compliance',
      params: { deadline_days: t.deadline_days, covers: ['authority_expiry', 'ofac_report_overdue'] },
    },
  ];
}

/**
 * Whether an amount meets the thresholds. `min_amount` is in the asset's units; `min_usd` is
 * compared with `usd` (a stablecoin at its peg, a native coin at its dated close) when it has one. With no
 * threshold every amount counts; an asset without a USD value never meets a USD-only one.
 */
export function meetsThreshold(t: Thresholds, amount: string, usd: string | null): boolean {
  const a = new Decimal(amount);
  const byAmount = t.min_amount !== undefined ? a.gte(t.min_amount) : null;
  const byUsd = t.min_usd !== undefined ? usd !== null && new Decimal(usd).gte(t.min_usd) : null;
  if (byAmount === null && byUsd === null) return true;
  return !!byAmount || !!byUsd;
}

/** What the scanner knows about one transfer that touches a watched address. */
export interface TransferFacts {
  network: string;
  transaction_hash: string;
  subject: string;
  from: string;
  to: string;
  asset: string;
  amount: string;
  /** The watched address it touches and how. */
  watched: string;
  direction: 'outgoing' | 'incoming';
  /** USD value: a registry stablecoin at its peg, a native coin at its close on the transfer's day. */
  usd: string | null;
  /** How `usd` was valued (services/crypto/valuation.ts), null when the transfer has no price. */
  valuation?: TransferValuation | null;
  freezable_stablecoin: string | null;
  counterparty: string;
  counterparty_label: string | null;
  counterparty_exchange: string | null;
  counterparty_ofac: string | null;
  /** For a second hop: the first transfer's hash and the intermediary. */
  via?: { transaction_hash: string; intermediary: string } | null;
}

/** The valuation of a transfer's amount, as an alert's evidence carries it. */
export interface TransferValuation {
  usd_value: string;
  valuation_basis: string;
  /** The transfer's time: the amount is valued when it moved. */
  valuation_time: string;
  price_usd: string;
  price_date: string | null;
  price_source: string;
  /** Why the price is stale (its close is older than the transfer), else null. */
  stale: string | null;
}

/** Evidence fields of a transfer's value: dated price and source; a stale price sets review. */
function valuationEvidence(v: TransferValuation | null | undefined) {
  return {
    usd_value: v?.usd_value ?? null,
    valuation_basis: v?.valuation_basis ?? null,
    valuation_time: v?.valuation_time ?? null,
    price_usd: v?.price_usd ?? null,
    price_date: v?.price_date ?? null,
    price_source: v?.price_source ?? null,
    review_required: !!v?.stale,
    review_reasons: v?.stale ? [v.stale] : [],
  };
}

export interface AlertDraft {
  type: AlertType;
  severity: Severity;
  subject: string;
  target: string;
  reason: string;
  evidence: {
    transaction_hash: string | null;
    amount: string | null;
    asset: string | null;
    counterparty: string | null;
    label: string | null;
  } & Partial<ReturnType<typeof valuationEvidence>>;
}

/** The alerts one transfer raises under a watchlist's thresholds (pure; one per rule). */
export function transferAlerts(t: Thresholds, f: TransferFacts): AlertDraft[] {
  const out: AlertDraft[] = [];
  const evidence = {
    transaction_hash: f.transaction_hash,
    amount: f.amount,
    asset: f.asset,
    counterparty: f.counterparty,
    label: f.counterparty_label,
    ...valuationEvidence(f.valuation),
  };
  const base = { subject: f.subject, target: f.watched, evidence };
  if (f.via) {
    // Second hop: only exchange proximity looks past the first counterparty.
    if (t.exchange_hops === 2 && f.counterparty_exchange) {
      out.push({
        ...base,
        type: 'exchange_proximity',
        severity: 'medium',
        reason: `Funds from ${f.watched} reached ${f.counterparty_exchange} in two hops, through ${f.via.intermediary} (${f.via.transaction_hash} then ${f.transaction_hash}): ${f.amount} ${f.asset}.`,
      });
    }
    return out;
  }
  if (f.direction === 'outgoing' && meetsThreshold(t, f.amount, f.usd)) {
    out.push({
      ...base,
      type: 'wallet_movement',
      severity: 'high',
      reason: `${f.watched} sent ${f.amount} ${f.asset} to ${f.counterparty} on ${f.network}, at or above the threshold.`,
    });
  }
  if (f.direction === 'outgoing' && f.counterparty_exchange) {
    out.push({
      ...base,
      type: 'exchange_proximity',
      severity: 'high',
      reason: `${f.watched} sent ${f.amount} ${f.asset} directly to ${f.counterparty_exchange} (${f.counterparty}): a freeze request can still reach the funds.`,
    });
  }
  if (f.direction === 'incoming' && f.freezable_stablecoin && meetsThreshold(t, f.amount, f.usd)) {
    out.push({
      ...base,
      type: 'stablecoin_exposure',
      severity: 'high',
      reason: `${f.watched} received ${f.amount} ${f.asset}, a stablecoin its issuer can freeze (${f.freezable_stablecoin}).`,
    });
  }
  if (f.counterparty_ofac) {
    out.push({
      ...base,
      type: 'sanctions',
      severity: 'critical',
      reason: `${f.watched} transacted with ${f.counterparty}, OFAC-listed (${f.counterparty_ofac}). Ordinary collection must pause until counsel reviews it.`,
    });
  }
  return out;
}

const DAY = 86_400_000;

/** Days from `now` until `due` (negative when past), counted in whole UTC days. */
export const daysUntil = (due: Date, now: Date) =>
  Math.floor(
    (Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) -
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) /
      DAY,
  );

/** Severity of a date that falls due in `days`: overdue or within 7 days is high. */
export const dueSeverity = (days: number): Severity => (days <= 7 ? 'high' : 'medium');

/** Whether a date is within the window of `deadline_days` from now (past dates included). */
export const withinWindow = (due: Date, now: Date, deadlineDays: number) => daysUntil(due, now) <= deadlineDays;
