import type { Ctx, Db } from '../../context';
import { severityRank } from '../../domain/monitoring/alert-status';
import { listMatterFilter } from '../matters/access';
import { newest } from '../paging';
import { alertListWhere } from './alerts';
import { alertOut } from './serialize';

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
  const newCount = await db.alert.count({
    where: { org_id: ctx.org.id, env: ctx.env, status: 'new', matter_id: listMatterFilter(ctx, q.matter_id) },
  });
  return { data: rows.map(alertOut), new_count: newCount };
}
