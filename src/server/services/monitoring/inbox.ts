import type { Ctx, Db } from '../../context';
import { severityRank } from '../../domain/monitoring/alert-status';
import { listMatterFilter } from '../matters/access';
import { newest } from '../paging';
import { alertListWhere } from './alerts';
import { alertOut } from './serialize';
import { DASHBOARD_COUNT_CAP } from '../matters/dashboard-counts';

const INBOX_SIZE = 200;

/**
 * The console's alert inbox: new alerts first, then the most severe, then the newest, over the
 * latest 200 matching alerts (the REST list, newest first, pages through everything).
 */
export async function alertInbox(
  ctx: Ctx,
  db: Db,
  q: { matter_id?: string; status?: string; severity?: string; type?: string },
) {
  const { where, lead } = alertListWhere(ctx, q);
  const rows = await newest(INBOX_SIZE, (a) => db.alert.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  rows.sort(
    (a, b) =>
      Number(b.status === 'new') - Number(a.status === 'new') ||
      severityRank(b.severity) - severityRank(a.severity) ||
      (a.id < b.id ? 1 : -1),
  );
  // Counted up to the dashboard's cap, for the same reason (matters/dashboard-counts.ts): a
  // count of every new alert grew with them; `take` stops the scan one row past the cap.
  const newCount = await db.alert.count({
    where: { org_id: ctx.org.id, env: ctx.env, status: 'new', matter_id: listMatterFilter(ctx, q.matter_id) },
    take: DASHBOARD_COUNT_CAP + 1,
  });
  return {
    data: rows.map(alertOut),
    new_count: Math.min(newCount, DASHBOARD_COUNT_CAP),
    new_count_capped: newCount > DASHBOARD_COUNT_CAP,
  };
}
