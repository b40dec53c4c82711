import type { Ctx, Db } from '../../context';
import { severityRank } from '../../domain/monitoring/alert-status';
import { matterFilter } from '../matters/access';
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
  const restricted = matterFilter(ctx);
  const matter = q.matter_id
    ? restricted && !restricted.in.includes(q.matter_id)
      ? { in: [] as string[] }
      : q.matter_id
    : restricted;
  const rows = await db.alert.findMany({
    where: {
      org_id: ctx.org.id,
      env: ctx.env,
      ...(matter ? { matter_id: matter } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.severity ? { severity: q.severity } : {}),
      ...(q.type ? { type: q.type } : {}),
    },
    orderBy: { id: 'desc' },
    take: INBOX_SIZE,
  });
  rows.sort(
    (a, b) =>
      Number(b.status === 'new') - Number(a.status === 'new') ||
      severityRank(b.severity) - severityRank(a.severity) ||
      (a.id < b.id ? 1 : -1),
  );
  const newCount = await db.alert.count({
    where: { org_id: ctx.org.id, env: ctx.env, status: 'new', ...(restricted ? { matter_id: restricted } : {}) },
  });
  return { data: rows.map(alertOut), new_count: newCount };
}
