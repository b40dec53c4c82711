import type { Alert, Watchlist, WatchlistAddress } from '@/generated/prisma/client';
import { exactNumber } from '../../json';
import { moneyJson } from '../../money';
import { alertRules, type Thresholds } from '../../domain/monitoring/rules';
import { displayAddress } from '../crypto/wallet-inputs';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Thresholds as stored (decimal text) → the response (exact numbers). */
function thresholdsOut(t: Thresholds) {
  return {
    ...(t.min_amount !== undefined ? { min_amount: exactNumber(t.min_amount) } : {}),
    ...(t.min_usd !== undefined ? { min_usd: exactNumber(t.min_usd) } : {}),
    exchange_hops: t.exchange_hops,
    deadline_days: t.deadline_days,
  };
}

/** The watchlist resource (API-CONTRACT §18): `alert_rules` derive from `thresholds`, never stored apart. */
export function watchlistOut(w: Watchlist, addresses: WatchlistAddress[]) {
  const t = w.thresholds as unknown as Thresholds;
  const sorted = [...addresses].sort(
    (a, b) =>
      a.created_at.getTime() - b.created_at.getTime() ||
      a.address.localeCompare(b.address) ||
      a.network.localeCompare(b.network),
  );
  return {
    object: 'watchlist' as const,
    watchlist_id: w.id,
    matter_id: w.matter_id,
    name: w.name,
    addresses: [...new Set(sorted.map((a) => a.display))],
    address_details: sorted.map((a) => ({
      address: a.display,
      network: a.network,
      reason: a.reason,
      source_refs: a.source_refs as unknown[],
      added_at: a.created_at.toISOString(),
    })),
    chains: w.chains,
    thresholds: thresholdsOut(t),
    alert_rules: alertRules(t),
    status: w.status,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
  };
}

export interface StoredEvidence {
  transaction_hash: string | null;
  amount: string | null;
  asset: string | null;
  counterparty: string | null;
  label: string | null;
  // A transfer's value (alerts raised before valuation was recorded have none).
  usd_value?: string | null;
  valuation_basis?: string | null;
  valuation_time?: string | null;
  price_usd?: string | null;
  price_date?: string | null;
  price_source?: string | null;
  review_required?: boolean;
  review_reasons?: string[];
}

/** The alert resource; the evidence amount is money in the asset's units. */
export function alertOut(a: Alert) {
  const e = a.evidence as unknown as StoredEvidence;
  return {
    object: 'alert' as const,
    alert_id: a.id,
    matter_id: a.matter_id,
    watchlist_id: a.watchlist_id,
    type: a.type,
    rule: a.rule,
    severity: a.severity,
    status: a.status,
    target: a.target,
    reason: a.reason,
    evidence: {
      transaction_hash: e.transaction_hash,
      amount: e.amount !== null && e.asset ? moneyJson(e.amount, e.asset.toUpperCase()) : null,
      asset: e.asset,
      counterparty: e.counterparty ? displayAddress(e.counterparty) : null,
      label: e.label,
      usd_value:
        e.usd_value != null
          ? moneyJson(e.usd_value, 'USD', e.valuation_time ? new Date(e.valuation_time) : null)
          : null,
      valuation_basis: e.valuation_basis ?? null,
      valuation_time: e.valuation_time ?? null,
      price_usd: e.price_usd != null ? exactNumber(e.price_usd) : null,
      price_date: e.price_date ?? null,
      price_source: e.price_source ?? null,
      review_required: e.review_required ?? false,
      review_reasons: e.review_reasons ?? [],
    },
    linked_action_id: a.linked_action_id,
    linked_packet_id: a.linked_packet_id,
    triaged_by: a.triaged_by,
    triaged_at: iso(a.triaged_at),
    notes: a.notes,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
