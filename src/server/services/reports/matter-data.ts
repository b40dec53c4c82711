import type { Matter } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { OPEN_ACTION_STATUSES } from '../../domain/actions/action-status';
import { REPORT_LIST_LIMIT } from '../../domain/reports/limits';
import { isoDate } from '../../domain/judgments/dates';
import { dec, roundMoney, type Decimal } from '../../domain/judgments/decimal';
import { operatorShare } from '../../domain/judgments/ledger-engine';
import type { ReportSection } from '../../domain/reports/sections';
import {
  missingScopes,
  omittedSection,
  READ_SCOPES,
  SECTION_READS,
  SUMMARY_PARTS,
  type DataKind,
  type OmittedPart,
} from '../../domain/reports/scopes';
import { actorGrants } from '../../auth/require-scope';
import { matterPause } from '../sanctions/pause';
import { moneyJson } from '../../money';
import { ExactNumber } from '../../json';
import { matterLedger } from '../ledger/balance';
import { today } from '../judgments/rules-context';
import { matterAlertsForReport } from './alerts-source';
import { recoverySeries } from './ledger-series';
import { latest } from '../paging';

/**
 * The raw (unredacted) data of each report section, read from the matter's modules when the
 * report is created. Each reader also names the full wallet addresses it put in the data
 * (so redaction can shorten them anywhere), the reference datasets it rests on, and why its
 * figures need human review. A module is read only when the caller holds its read scope
 * (domain/reports/scopes.ts): otherwise its section says it was left out, and nothing of it
 * (figures, addresses, datasets, review reasons) reaches the report.
 */
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Collected {
  data: Partial<Record<string, Record<string, unknown>>>;
  addresses: Set<string>;
  datasets: Set<string>;
  reasons: string[];
}

const where = (ctx: Ctx, m: Matter) => ({ matter_id: m.id, org_id: ctx.org.id, env: ctx.env });
const money = (v: Decimal, c: string) => moneyJson(roundMoney(v, c), c);
const feePct = (m: Matter) => {
  const p = (m.economics as { contingency_fee_pct?: unknown }).contingency_fee_pct;
  return typeof p === 'number' || typeof p === 'string' ? p : null;
};

/** Ledger totals and the recoveries-vs-balance series, shared by the brief and the update. */
export async function ledgerData(ctx: Ctx, db: Db, m: Matter, c: Collected) {
  const l = await matterLedger(ctx, db, m, today());
  if (l.review_required) c.reasons.push('Some ledger figures rest on an interest rate or currency that needs review.');
  const t = l.result.totals;
  const cur = l.currency;
  return {
    totals: t,
    currency: cur,
    data: {
      as_of: l.as_of,
      currency: cur,
      judgment_principal: money(t.judgment_principal, cur),
      accrued_interest: money(t.accrued_interest, cur),
      costs: money(t.costs, cur),
      recovered: money(t.recovered, cur),
      distributed: money(t.distributed, cur),
      balance_outstanding: money(t.balance_outstanding, cur),
      recovery_events: t.recovery_events,
      series: await recoverySeries(ctx, db, m),
    },
  };
}

/**
 * The matter's first REPORT_LIST_LIMIT judgments (all counted), each with its next open
 * deadline. Deadlines are read for the listed judgments only.
 */
async function judgmentsData(ctx: Ctx, db: Db, m: Matter) {
  const js = await db.judgment.findMany({ where: where(ctx, m), orderBy: { id: 'asc' }, take: REPORT_LIST_LIMIT });
  const total = await totalOf(js.length, () => db.judgment.count({ where: where(ctx, m) }));
  const deadlines = await db.judgmentDeadline.findMany({
    where: {
      ...where(ctx, m),
      judgment_id: { in: js.map((j) => j.id) },
      status: 'open',
      date: { gte: new Date(`${today()}T00:00:00Z`) },
    },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
  });
  const rows = js.map((j) => {
    const next = deadlines.find((d) => d.judgment_id === j.id);
    return {
      judgment_id: j.id,
      court: j.court,
      case_number: j.case_number,
      jurisdiction: j.jurisdiction,
      date_entered: isoDate(j.date_entered),
      creditor: j.creditor,
      debtor: j.debtor,
      amount: moneyJson(j.amount, j.currency),
      status: j.status,
      next_deadline: next?.date ? { title: next.title, due_date: isoDate(next.date) } : null,
      profile_notes: j.profile_notes,
    };
  });
  return { rows, total, note: firstListed(rows.length, total, 'judgments') };
}

type JudgmentsData = Awaited<ReturnType<typeof judgmentsData>>;
const listed = (j: JudgmentsData) => ({ judgments: j.rows, note: j.note });

async function assetsData(ctx: Ctx, db: Db, m: Matter, c: Collected) {
  const row = await latest((a) => db.assetMap.findMany({ ...a, where: { ...where(ctx, m), ...a.where } }), {
    matter_id: m.id,
  });
  if (!row) return { map_id: null, wallets: [], exchange_hypotheses: [], token_exposure_count: 0, holdings: [] };
  const b = row.body as Any;
  for (const w of b.wallets ?? []) if (typeof w.address === 'string') c.addresses.add(w.address);
  for (const h of b.exchange_hypotheses ?? []) if (typeof h.wallet === 'string') c.addresses.add(h.wallet);
  if (b.review_state?.review_required) c.reasons.push('The latest asset map needs review.');
  return {
    map_id: row.id,
    created_at: row.created_at.toISOString(),
    wallets: (b.wallets ?? []).map((w: Any) => ({
      address: w.address,
      network: w.network,
      role: w.role ?? null,
      confidence: w.confidence ?? null,
    })),
    exchange_hypotheses: (b.exchange_hypotheses ?? []).map((h: Any) => ({
      exchange: h.exchange ?? h.exchange_name ?? null,
      wallet: h.wallet ?? null,
      confidence: h.confidence ?? null,
    })),
    token_exposure_count: (b.token_exposures ?? []).length,
    // What the map found on the wallets, each asset in its own unit (exact decimals as text).
    holdings: (b.token_exposures ?? []).slice(0, MAX_HOLDINGS).map((t: Any) => ({
      wallet: t.wallet ?? null,
      asset: t.asset ?? null,
      network: t.network ?? null,
      amount: decimalText(t.amount),
      usd_value: decimalText(t.usd_value),
    })),
  };
}

/** A brief lists at most this many holdings (the asset map holds them all). */
const MAX_HOLDINGS = 200;
const decimalText = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof ExactNumber ? v.text : String(v);

/**
 * The latest plan of each judgment the report lists: one row per judgment (on
 * (judgment_id, id)), not every version.
 */
async function planData(ctx: Ctx, db: Db, m: Matter, c: Collected, judgments: JudgmentsData) {
  const latest = await Promise.all(
    judgments.rows.map((j) =>
      db.enforcementPlan.findFirst({
        where: { ...where(ctx, m), judgment_id: j.judgment_id },
        orderBy: { id: 'desc' },
      }),
    ),
  );
  const rows = latest.filter((p) => p !== null).sort((a, b) => (a.id < b.id ? 1 : -1));
  const plans = rows.map((p) => {
    const body = p.plan as Any;
    for (const d of body.datasets ?? []) if (typeof d === 'string') c.datasets.add(d);
    for (const w of body.wallets ?? []) if (typeof w.address === 'string') c.addresses.add(w.address);
    if (p.review_required) c.reasons.push(`Enforcement plan ${p.id} needs review.`);
    return {
      plan_id: p.id,
      judgment_id: p.judgment_id,
      profile: p.profile,
      pressure_level: p.pressure_level,
      review_required: p.review_required,
      priority_actions: (body.priority_actions ?? []).map((a: Any) => ({
        type: a.type,
        title: a.title,
        priority: a.priority,
        legal_basis: a.legal_basis,
      })),
      // The plan's blocked_actions, counted; named for what a reader sees (steps that wait).
      steps_on_hold: (body.blocked_actions ?? []).length,
    };
  });
  const note = judgments.note ? `Plans are shown for the ${judgments.rows.length} judgments listed.` : null;
  return { plans, note };
}

/** Rows per status of a matter's actions or packets, counted in SQL. */
async function statusCounts(ctx: Ctx, db: Db, m: Matter, model: 'action' | 'packet') {
  const args = { by: ['status' as const], where: where(ctx, m), _count: { _all: true as const } };
  const rows = model === 'action' ? await db.action.groupBy(args) : await db.packet.groupBy(args);
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.status] = r._count._all;
  return counts;
}

const count = (counts: Record<string, number>, statuses: readonly string[]) =>
  statuses.reduce((t, st) => t + (counts[st] ?? 0), 0);
const thousands = (x: number) => x.toLocaleString('en-US');
/** How many rows a list of at most REPORT_LIST_LIMIT stands for: itself when it came back short, else counted. */
const totalOf = async (listed: number, countAll: () => Promise<number>) =>
  listed < REPORT_LIST_LIMIT ? listed : countAll();
/** A section's note when it lists fewer rows than it counts (null when it lists them all). */
const firstListed = (shown: number, total: number, what: string) =>
  total > shown ? `The first ${shown} of the ${thousands(total)} ${what} are listed.` : null;
const newestShown = (shown: number, total: number, what: string) =>
  total > shown ? `The ${shown} newest of the ${thousands(total)} ${what} are shown.` : null;

/**
 * Open and completed actions counted in SQL; the open ones due soonest (undated last) and the
 * newest completion notes, REPORT_LIST_LIMIT of each, with a note when there are more.
 */
async function actionsData(ctx: Ctx, db: Db, m: Matter) {
  const counts = await statusCounts(ctx, db, m, 'action');
  const open = await db.action.findMany({
    where: { ...where(ctx, m), status: { in: [...OPEN_ACTION_STATUSES] } },
    orderBy: [{ due_at: 'asc' }, { id: 'asc' }],
    take: REPORT_LIST_LIMIT,
  });
  const noted = { ...where(ctx, m), completion_notes: { not: null } };
  const notes = await db.action.findMany({
    where: noted,
    orderBy: [{ completed_at: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
    take: REPORT_LIST_LIMIT,
    select: { id: true, completion_notes: true },
  });
  const openCount = count(counts, OPEN_ACTION_STATUSES);
  const notedCount = await totalOf(notes.length, () => db.action.count({ where: noted }));
  const note = [
    openCount > open.length
      ? `The ${open.length} of the ${thousands(openCount)} open actions due soonest are shown.`
      : '',
    newestShown(notes.length, notedCount, 'completion notes'),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    open: openCount,
    completed: counts.completed ?? 0,
    items: open.map((a) => ({
      action_id: a.id,
      type: a.type,
      title: a.title,
      status: a.status,
      priority: a.priority,
      due_at: a.due_at?.toISOString() ?? null,
    })),
    completion_notes: notes.map((a) => ({ action_id: a.id, note: a.completion_notes })),
    note: note || null,
  };
}

/** Every packet counted by status; the newest REPORT_LIST_LIMIT listed, oldest of them first. */
async function packetsData(ctx: Ctx, db: Db, m: Matter) {
  const by_status = await statusCounts(ctx, db, m, 'packet');
  const total = count(by_status, Object.keys(by_status));
  const rows = await db.packet.findMany({ where: where(ctx, m), orderBy: { id: 'desc' }, take: REPORT_LIST_LIMIT });
  return {
    total,
    by_status,
    items: rows.reverse().map((p) => ({
      packet_id: p.id,
      type: p.type,
      packet_type: p.packet_type,
      status: p.status,
      ready: !!(p.readiness as Any)?.ready,
      notes: p.notes,
    })),
    note: newestShown(rows.length, total, 'packets'),
  };
}

/** The newest REPORT_LIST_LIMIT sanctions reviews, oldest of them first, all counted. */
async function sanctionsData(ctx: Ctx, db: Db, m: Matter, c: Collected) {
  const [rows, open, pause] = await Promise.all([
    db.sanctionsReview.findMany({ where: where(ctx, m), orderBy: { id: 'desc' }, take: REPORT_LIST_LIMIT }),
    db.sanctionsReview.findFirst({ where: { ...where(ctx, m), status: 'in_review' }, select: { id: true } }),
    matterPause(ctx, db, m.id),
  ]);
  const total = await totalOf(rows.length, () => db.sanctionsReview.count({ where: where(ctx, m) }));
  if (open) c.reasons.push('A sanctions review on this matter is still open.');
  if (pause.paused) c.reasons.push('Ordinary collection is paused by uncleared sanctions matches.');
  return {
    collection_paused: pause.paused,
    reviews: rows.reverse().map((r) => ({
      review_id: r.id,
      status: r.status,
      ofac_report_required: r.ofac_report_required,
      blocked_property_analysis: r.blocked_property_analysis,
      decision_reason: r.decision_reason,
      notes: r.notes,
    })),
    note: newestShown(rows.length, total, 'sanctions reviews'),
  };
}

/** The matter's first REPORT_LIST_LIMIT claimants, all of them counted. */
async function claimantsData(ctx: Ctx, db: Db, m: Matter) {
  const rows = await db.claimant.findMany({ where: where(ctx, m), orderBy: { id: 'asc' }, take: REPORT_LIST_LIMIT });
  const total = await totalOf(rows.length, () => db.claimant.count({ where: where(ctx, m) }));
  return { rows, total, note: firstListed(rows.length, total, 'claimants') };
}

/** Runs `f` once, on first use: a module shared by sections is read only if one needs it. */
const once = <T>(f: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= f());
};

/** What the caller may read, and the summary's parts left out for want of a scope. */
function access(ctx: Ctx) {
  const can = (k: DataKind) => actorGrants(ctx.actor, READ_SCOPES[k]);
  const omittedParts = (kinds: (keyof typeof SUMMARY_PARTS)[]): OmittedPart[] =>
    kinds.filter((k) => !can(k)).map((k) => ({ part: SUMMARY_PARTS[k], required_scope: READ_SCOPES[k] }));
  const missing = (section: string) => missingScopes(SECTION_READS[section] ?? [], (s) => actorGrants(ctx.actor, s));
  return { can, omittedParts, missing };
}

/** Reads the sections of a campaign brief from the matter's modules (a snapshot). */
export async function briefData(ctx: Ctx, db: Db, m: Matter, keys: ReportSection[]): Promise<Collected> {
  const c: Collected = { data: {}, addresses: new Set(), datasets: new Set(), reasons: [] };
  const a = access(ctx);
  const ledger = once(() => ledgerData(ctx, db, m, c));
  const judgments = once(() => judgmentsData(ctx, db, m));
  for (const key of keys) {
    if (key === 'summary') {
      const claimants = a.can('claimants') ? await claimantsData(ctx, db, m) : null;
      const l = a.can('ledger') ? await ledger() : null;
      c.data.summary = {
        matter: {
          matter_id: m.id,
          name: m.name,
          ...(a.can('matter') ? { mode: m.mode, status: m.status, lead_counsel: m.lead_counsel, notes: m.notes } : {}),
        },
        ...(a.can('judgments') ? { judgment_count: (await judgments()).total } : {}),
        ...(claimants
          ? {
              claimant_count: claimants.total,
              claimants: claimants.rows.map((x) => ({
                claimant_id: x.id,
                name: x.name,
                role: x.role,
                ...(l ? { economics: x.economics } : {}),
              })),
              claimants_note: claimants.note,
            }
          : {}),
        ...(l
          ? {
              as_of: l.data.as_of,
              recovered: l.data.recovered,
              balance_outstanding: l.data.balance_outstanding,
              operator_economics: {
                contingency_fee_pct: feePct(m),
                operator_share: money(operatorShare(l.totals.recovered, feePct(m), l.currency), l.currency),
              },
            }
          : {}),
        omitted_parts: a.omittedParts(['matter', 'judgments', 'claimants', 'ledger']),
      };
      continue;
    }
    const missing = a.missing(key);
    if (missing.length) c.data[key] = omittedSection(missing);
    else if (key === 'judgments') c.data.judgments = listed(await judgments());
    else if (key === 'assets') c.data.assets = await assetsData(ctx, db, m, c);
    else if (key === 'plan') c.data.plan = await planData(ctx, db, m, c, await judgments());
    else if (key === 'actions') c.data.actions = await actionsData(ctx, db, m);
    else if (key === 'packets') c.data.packets = await packetsData(ctx, db, m);
    else if (key === 'alerts') c.data.alerts = await matterAlertsForReport(ctx, db, m.id);
    else if (key === 'ledger') c.data.ledger = (await ledger()).data;
    else if (key === 'sanctions') c.data.sanctions = await sanctionsData(ctx, db, m, c);
  }
  return c;
}

/**
 * Reads a claimant update: the matter in plain words, the judgments, recoveries against the
 * balance, this claimant's share only (its share_pct of recoveries net of the operator's
 * contingency fee, and the distributions recorded to it), the traced assets and next steps.
 * Other claimants are never read into it.
 */
export async function claimantData(
  ctx: Ctx,
  db: Db,
  m: Matter,
  claimant: { id: string; name: string; role: string; economics: unknown },
): Promise<Collected> {
  const c: Collected = { data: {}, addresses: new Set(), datasets: new Set(), reasons: [] };
  const a = access(ctx);
  const ledger = a.can('ledger') ? await ledgerData(ctx, db, m, c) : null;
  const judgments = a.can('judgments') ? await judgmentsData(ctx, db, m) : null;
  c.data.summary = {
    matter: {
      name: m.name,
      ...(a.can('matter') ? { mode: m.mode, status: m.status, lead_counsel: m.lead_counsel } : {}),
    },
    ...(judgments ? { judgment_count: judgments.total } : {}),
    ...(ledger
      ? {
          as_of: ledger.data.as_of,
          recovered: ledger.data.recovered,
          balance_outstanding: ledger.data.balance_outstanding,
        }
      : {}),
    omitted_parts: a.omittedParts(['matter', 'judgments', 'ledger']),
  };
  const omitted = (key: string) => {
    const missing = a.missing(key);
    if (missing.length) c.data[key] = omittedSection(missing);
    return missing.length > 0;
  };
  if (!omitted('judgments'))
    c.data.judgments = { judgments: judgments!.rows.map(({ profile_notes: _p, ...j }) => j), note: judgments!.note };
  if (!omitted('recoveries')) {
    const { judgment_principal: _jp, accrued_interest: _ai, costs: _c, distributed: _d, ...recoveries } = ledger!.data;
    c.data.recoveries = recoveries;
  }
  if (!omitted('your_share')) c.data.your_share = await shareData(ctx, db, m, claimant, ledger!, c);
  if (!omitted('assets')) {
    const assets = await assetsData(ctx, db, m, c);
    c.data.assets = {
      ...assets,
      exchange_hypotheses: assets.exchange_hypotheses.map(({ wallet: _w, ...h }: Any) => h),
    };
  }
  if (!omitted('next_steps')) {
    const actions = await actionsData(ctx, db, m);
    c.data.next_steps = {
      open_actions: actions.open,
      upcoming_deadlines: judgments!.rows
        .filter((j) => j.next_deadline)
        .map((j) => ({ case_number: j.case_number, ...j.next_deadline! })),
    };
  }
  return c;
}

/** One claimant's share: its share_pct of recoveries net of the operator's fee, and what it was paid. */
async function shareData(
  ctx: Ctx,
  db: Db,
  m: Matter,
  claimant: { id: string; name: string; role: string; economics: unknown },
  ledger: Awaited<ReturnType<typeof ledgerData>>,
  c: Collected,
) {
  const cur = ledger.currency;
  const raw = (claimant.economics as { share_pct?: unknown } | null)?.share_pct;
  const pct = typeof raw === 'number' || (typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw)) ? Number(raw) : null;
  if (pct === null) c.reasons.push(`Claimant ${claimant.id} has no share_pct recorded; its share is not computed.`);
  const net = ledger.totals.recovered.minus(operatorShare(ledger.totals.recovered, feePct(m), cur));
  // Summed in SQL (numeric, exact): a claimant's distributions are not read one by one.
  const distributed = await db.ledgerEntry.aggregate({
    where: { ...where(ctx, m), claimant_id: claimant.id, type: 'distribution', currency: cur },
    _sum: { amount: true },
  });
  return {
    claimant: { claimant_id: claimant.id, name: claimant.name, role: claimant.role },
    share_pct: pct,
    share_of_net_recoveries: pct === null ? null : money(net.times(dec(String(pct))).div(100), cur),
    distributed_to_claimant: money(dec(distributed._sum.amount ?? 0), cur),
  };
}
