import type { Judgment, Matter } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { exactNumber } from '../../json';
import { moneyJson } from '../../money';
import { isoDate } from '../../domain/judgments/dates';
import { dec, roundMoney, type Decimal } from '../../domain/judgments/decimal';
import { RULES_DATASET, resolveRules } from '../../domain/judgments/jurisdiction-rules';
import {
  computeLedger,
  operatorShare,
  type EntryType,
  type LedgerJudgment,
} from '../../domain/judgments/ledger-engine';
import { keysetPage, listEnvelope } from '../paging';
import { loadMatter } from '../matters/access';
import { interestTermsOf, today } from '../judgments/rules-context';
import { entryOut } from './serialize';

/**
 * The ledger currency of a matter: its economics.currency, else the currency of its earliest
 * judgment, else USD. Entries must be in it; judgments in another currency are left out of
 * the figures (and say so in interest_basis) rather than mixed.
 */
export function ledgerCurrency(m: Matter, judgments: Pick<Judgment, 'currency' | 'id'>[]): string {
  const c = (m.economics as { currency?: unknown }).currency;
  if (typeof c === 'string' && c) return c.toUpperCase();
  return judgments[0]?.currency ?? 'USD';
}

/** Everything the balance, the judgment summary and the dashboard derive from, computed once. */
export async function matterLedger(ctx: Ctx, db: Db, m: Matter, asOf = today()) {
  const [judgments, entries] = await Promise.all([
    db.judgment.findMany({ where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env }, orderBy: { id: 'asc' } }),
    db.ledgerEntry.findMany({ where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env }, orderBy: { id: 'asc' } }),
  ]);
  const currency = ledgerCurrency(m, judgments);
  const basis: Record<string, unknown>[] = [];
  const included: LedgerJudgment[] = [];
  let review = false;
  for (const j of judgments) {
    const rules = resolveRules(j.jurisdiction);
    const head = { judgment_id: j.id, jurisdiction: j.jurisdiction, rule_source: rules.sources.interest };
    if (j.status === 'vacated') {
      basis.push({ ...head, included: false, reasons: ['The judgment is vacated; it is left out of the balance.'] });
      continue;
    }
    if (j.currency !== currency) {
      review = true;
      basis.push({
        ...head,
        included: false,
        review_required: true,
        reasons: [
          `The judgment is in ${j.currency}, not the ledger currency ${currency}; it is left out of the figures.`,
        ],
      });
      continue;
    }
    const t = interestTermsOf(j, asOf);
    review ||= t.review_required;
    included.push({
      id: j.id,
      principal: dec(j.amount),
      start: isoDate(j.date_entered),
      rate_pct: t.rate_pct,
      periods: t.periods.map((p) => ({ from: p.from, rate_pct: p.rate_pct })),
      day_count: t.day_count,
      compounding: t.compounding,
      allocation: t.allocation,
    });
    basis.push({
      ...head,
      included: true,
      method: t.method,
      rate_pct: t.rate_pct ? exactNumber(t.rate_pct) : null,
      rate_known: t.rate_pct !== null,
      compounding: t.compounding,
      day_count: t.day_count,
      accrues_from: t.accrues_from,
      allocation: t.allocation,
      allocation_citation: t.allocation_citation,
      // Which rate applied when (each period accrues at its own rate).
      periods: t.periods
        .filter((p) => p.from <= asOf)
        .map((p) => ({
          from: p.from,
          to: p.to,
          rate_pct: p.rate_pct ? exactNumber(p.rate_pct) : null,
          source: p.source,
          verified: p.verified,
        })),
      source: t.source,
      dataset: `${RULES_DATASET.name} (${RULES_DATASET.as_of})`,
      review_required: t.review_required,
      reasons: t.reasons,
    });
  }
  const ids = new Set(included.map((j) => j.id));
  const result = computeLedger({
    currency,
    as_of: asOf,
    judgments: included,
    entries: entries
      .filter((e) => e.currency === currency && (!e.judgment_id || ids.has(e.judgment_id)))
      .map((e) => ({
        id: e.id,
        type: e.type as EntryType,
        amount: dec(e.amount),
        date: isoDate(e.occurred_at),
        judgment_id: e.judgment_id,
      })),
  });
  return { currency, as_of: asOf, result, basis, review_required: review, judgments };
}

const money = (v: Decimal, currency: string) => moneyJson(roundMoney(v, currency), currency);

/**
 * The matter's ledger balance (API-CONTRACT §13): principal, accrued interest per each
 * judgment's jurisdiction rule, costs, recoveries (interest first), distributions and the
 * outstanding balance as of a day (default today), with the latest 20 entries.
 */
export async function ledgerBalance(ctx: Ctx, db: Db, matterId: string, q: { as_of?: string }) {
  const m = await loadMatter(ctx, db, matterId);
  const asOf = q.as_of ?? today();
  const { currency, result, basis, review_required } = await matterLedger(ctx, db, m, asOf);
  const t = result.totals;
  const page = await keysetPage(
    { limit: 20 },
    (a) => db.ledgerEntry.findMany({ ...a, where: { ...a.where, org_id: ctx.org.id, env: ctx.env } }),
    { matter_id: m.id },
  );
  return {
    object: 'ledger_balance' as const,
    matter_id: m.id,
    currency,
    judgment_principal: money(t.judgment_principal, currency),
    accrued_interest: money(t.accrued_interest, currency),
    costs: money(t.costs, currency),
    recovered: money(t.recovered, currency),
    distributed: money(t.distributed, currency),
    balance_outstanding: money(t.balance_outstanding, currency),
    as_of: asOf,
    interest_basis: basis,
    allocation: {
      interest_paid: money(t.interest_paid, currency),
      principal_paid: money(t.principal_paid, currency),
      costs_paid: money(t.costs_paid, currency),
    },
    fees: money(t.fees, currency),
    undistributed: money(t.recovered.minus(t.distributed), currency),
    overpayment: money(t.overpayment, currency),
    review_required,
    entries: listEnvelope(page, `/v1/ledger/matters/${m.id}`, entryOut),
  };
}

/** One judgment's slice of the matter ledger, for GET /v1/judgments/{id}. */
export async function judgmentBalanceSummary(ctx: Ctx, db: Db, m: Matter, judgmentId: string) {
  const { currency, as_of, result, basis } = await matterLedger(ctx, db, m);

  const f = result.per_judgment.get(judgmentId);
  const b = basis.find((x) => x.judgment_id === judgmentId) ?? null;
  if (!f) return { currency, as_of, included: false, interest_basis: b, review_required: true };
  return {
    currency,
    as_of,
    included: true,
    judgment_principal: money(f.principal, currency),
    accrued_interest: money(f.accrued_interest, currency),
    costs: money(f.costs, currency),
    recovered: money(f.recovered, currency),
    balance_outstanding: money(f.balance_outstanding, currency),
    interest_rate_known: (b as { rate_known?: boolean } | null)?.rate_known ?? false,
    interest_basis: b,
    review_required: (b as { review_required?: boolean } | null)?.review_required ?? true,
  };
}

/** The dashboard's ledger figures: outstanding value, recovery count and the operator's share. */
export async function ledgerFigures(ctx: Ctx, db: Db, m: Matter) {
  const { currency, result } = await matterLedger(ctx, db, m);
  const pct = (m.economics as { contingency_fee_pct?: unknown }).contingency_fee_pct;
  const share = operatorShare(
    result.totals.recovered,
    typeof pct === 'number' || typeof pct === 'string' ? pct : null,
    currency,
  );
  return {
    currency,
    judgment_value: money(result.totals.balance_outstanding, currency),
    recovered: money(result.totals.recovered, currency),
    recovery_events: result.totals.recovery_events,
    operator_economics: money(share, currency),
  };
}
