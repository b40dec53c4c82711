import type { PrismaClient } from '@/generated/prisma/client';
import type { Tx } from '../../context';
import { daysUntil, dueSeverity, type AlertDraft, type Thresholds } from '../../domain/monitoring/rules';
import { raiseAlert } from './raise';
import { OPEN_ACTION_STATUSES } from '../../domain/actions/action-status';

const TX = { timeout: 120_000, maxWait: 10_000 };
const DAY = 86_400_000;
const PASS = 'clock';

/** MD_MONITOR_CLOCK_INTERVAL_MS: how often the clock pass runs (default daily). */
export const clockIntervalMs = () => {
  const v = process.env.MD_MONITOR_CLOCK_INTERVAL_MS;
  return /^\d+$/.test(v ?? '') && Number(v) > 0 ? Number(v) : DAY;
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const evidence = (label: string | null) => ({
  transaction_hash: null,
  amount: null,
  asset: null,
  counterparty: null,
  label,
});

/** The date alerts of one matter within `deadline_days` (pure over the rows read). */
async function matterDrafts(
  tx: Tx,
  scope: { org_id: string; env: string; matter_id: string },
  t: Thresholds,
  now: Date,
): Promise<AlertDraft[]> {
  const horizon = new Date(now.getTime() + (t.deadline_days + 1) * DAY);
  const [deadlines, actions, grants, reports] = await Promise.all([
    tx.judgmentDeadline.findMany({ where: { ...scope, status: 'open', date: { not: null, lte: horizon } } }),
    tx.action.findMany({
      where: { ...scope, status: { in: OPEN_ACTION_STATUSES }, due_at: { not: null, lte: horizon } },
    }),
    tx.authorityGrant.findMany({ where: { ...scope, status: 'granted', expires_at: { not: null, lte: horizon } } }),
    tx.ofacReport.findMany({ where: { ...scope, status: { in: ['drafting', 'counsel_review'] } } }),
  ]);
  const out: AlertDraft[] = [];
  for (const d of deadlines) {
    const days = daysUntil(d.date!, now);
    out.push({
      type: 'deadline',
      severity: dueSeverity(days),
      subject: `judgment_deadline:${d.id}`,
      target: d.judgment_id,
      reason: `${d.title} (${d.type}) ${days < 0 ? `passed on ${ymd(d.date!)}` : `falls due on ${ymd(d.date!)}, in ${days} day${days === 1 ? '' : 's'}`}.`,
      evidence: evidence(d.legal_basis),
    });
  }
  for (const a of actions) {
    const days = daysUntil(a.due_at!, now);
    out.push({
      type: 'deadline',
      severity: dueSeverity(days),
      subject: `action:${a.id}`,
      target: a.id,
      reason: `Action "${a.title}" ${days < 0 ? `was due on ${ymd(a.due_at!)}` : `is due on ${ymd(a.due_at!)}, in ${days} day${days === 1 ? '' : 's'}`}.`,
      evidence: evidence(null),
    });
  }
  for (const g of grants) {
    const days = daysUntil(g.expires_at!, now);
    out.push({
      type: 'compliance',
      severity: days <= 7 ? 'critical' : 'high',
      subject: `authority_grant:${g.id}`,
      target: g.id,
      reason: `Authority grant ${g.id} (${g.basis}) ${days < 0 ? 'has expired' : `expires on ${ymd(g.expires_at!)}, in ${days} day${days === 1 ? '' : 's'}`}: gated work on the matter stops without a grant in effect.`,
      evidence: evidence(g.basis),
    });
  }
  for (const r of reports) {
    const days = daysUntil(r.due_date, now);
    if (days < 0) {
      out.push({
        type: 'compliance',
        severity: 'critical',
        subject: `ofac_report_overdue:${r.id}`,
        target: r.id,
        reason: `OFAC report ${r.id} was due on ${ymd(r.due_date)} (31 CFR 501.603) and is still ${r.status}.`,
        evidence: evidence('31 CFR 501.603'),
      });
    } else if (days <= t.deadline_days) {
      out.push({
        type: 'deadline',
        severity: dueSeverity(days),
        subject: `ofac_report:${r.id}`,
        target: r.id,
        reason: `OFAC report ${r.id} falls due on ${ymd(r.due_date)}, in ${days} day${days === 1 ? '' : 's'} (31 CFR 501.603).`,
        evidence: evidence('31 CFR 501.603'),
      });
    }
  }
  return out;
}

/**
 * The clock pass: for each matter with an active watchlist, the judgment deadlines, due
 * actions, expiring authority grants and OFAC report due dates within the watchlist's
 * `deadline_days` (the widest when a matter has several). Alerts are raised once per rule and
 * subject, so running it again (or on two workers) adds only what is new.
 */
export async function runClockPass(tx: Tx, now: Date, requestId: string): Promise<number> {
  const lists = await tx.watchlist.findMany({ where: { status: 'active' }, orderBy: { id: 'asc' } });
  const byMatter = new Map<string, (typeof lists)[number]>();
  for (const w of lists) {
    const prev = byMatter.get(w.matter_id);
    if (
      !prev ||
      (w.thresholds as unknown as Thresholds).deadline_days > (prev.thresholds as unknown as Thresholds).deadline_days
    )
      byMatter.set(w.matter_id, w);
  }
  let raised = 0;
  for (const w of byMatter.values()) {
    const scope = { org_id: w.org_id, env: w.env, matter_id: w.matter_id };
    for (const d of await matterDrafts(tx, scope, w.thresholds as unknown as Thresholds, now)) {
      if (await raiseAlert(tx, { ...scope, watchlist_id: w.id }, d, requestId)) raised++;
    }
  }
  return raised;
}

/**
 * Runs the clock pass when it is due: the pass row is locked FOR UPDATE SKIP LOCKED, so one
 * worker runs it while the others skip; the next run time is set in the same transaction.
 * Returns null when it was not due (or another worker holds it).
 */
export async function clockPassIfDue(db: PrismaClient, requestId: string, now = new Date()): Promise<number | null> {
  await db.$executeRaw`INSERT INTO monitor_passes (name, next_run_at) VALUES (${PASS}, now()) ON CONFLICT (name) DO NOTHING`;
  return db.$transaction(async (tx) => {
    const [p] = await tx.$queryRaw<
      { name: string }[]
    >`SELECT name FROM monitor_passes WHERE name = ${PASS} AND next_run_at <= now() FOR UPDATE SKIP LOCKED`;
    if (!p) return null;
    const raised = await runClockPass(tx, now, requestId);
    await tx.monitorPass.update({
      where: { name: PASS },
      data: { last_run_at: now, next_run_at: new Date(Date.now() + clockIntervalMs()) },
    });
    return raised;
  }, TX);
}

/** Brings the next clock pass forward to now (a new watchlist is covered at once). */
export const clockPassSoon = (tx: Tx) =>
  tx.$executeRaw`INSERT INTO monitor_passes (name, next_run_at) VALUES (${PASS}, now()) ON CONFLICT (name) DO UPDATE SET next_run_at = LEAST(monitor_passes.next_run_at, now())`;

/** When the clock pass next falls due. */
export async function nextClockAt(db: PrismaClient): Promise<Date | null> {
  const p = await db.monitorPass.findUnique({ where: { name: PASS } });
  return p?.next_run_at ?? null;
}
