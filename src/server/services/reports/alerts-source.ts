import type { Ctx, Db } from '../../context';
import { keysetPage } from '../paging';
import { REPORT_LIST_LIMIT as LIMIT } from '../../domain/reports/limits';

const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/**
 * The one place reports read monitoring alerts (API-CONTRACT §18) from: the matter's alerts,
 * most severe first, then newest. The report snapshots them at creation.
 */
export async function matterAlertsForReport(ctx: Ctx, db: Db, matterId: string) {
  const { data, has_more } = await keysetPage(
    { limit: LIMIT },
    (a) =>
      db.alert.findMany({
        ...a,
        where: { ...a.where, org_id: ctx.org.id, env: ctx.env },
        select: { id: true, type: true, severity: true, status: true, target: true, reason: true, created_at: true },
      }),
    { matter_id: matterId },
  );
  const items = data
    .map((a) => ({
      alert_id: a.id,
      type: a.type,
      severity: a.severity,
      status: a.status,
      // What it is about and why it was raised (the alert's own words; a claimant's report
      // shortens the addresses and hides sanctions findings in them).
      target: a.target,
      reason: a.reason,
      created_at: a.created_at.toISOString(),
    }))
    .sort((a, b) => (SEVERITY_RANK[a.severity] ?? 9) - (SEVERITY_RANK[b.severity] ?? 9));
  const note = has_more ? `The ${LIMIT} newest alerts are shown; the matter has more.` : null;
  return { items, note };
}
