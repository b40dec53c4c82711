import type { Ctx, Db } from '../../context';
import { actorGrants } from '../../auth/require-scope';
import { ops } from '../../operations';
import { matterFilter } from '../matters/access';
import { OPEN_ACTION_STATUSES } from '../../domain/actions/action-status';

/** Rows per section: the inbox is a to-do list, not a report (each section links to its full list). */
export const INBOX_SECTION_SIZE = 25;

/**
 * What needs the signed-in user now: the open actions assigned to them, the packets waiting in
 * review, and the new critical alerts. Each section is read only with the scope its REST list
 * requires and within the matters the session may see (as globalSearch); a section the user may
 * not read comes back as null so the page can say so rather than show an empty list.
 */
export async function myInbox(ctx: Ctx, db: Db) {
  const base = { org_id: ctx.org.id, env: ctx.env, matter_id: matterFilter(ctx) };
  const may = (scope: string) => actorGrants(ctx.actor, scope);
  const take = INBOX_SECTION_SIZE;
  const [actions, packets, alerts] = await Promise.all([
    may(ops.listMatterActions.scope) && ctx.actor.user_id
      ? db.action.findMany({
          where: { ...base, owner_id: ctx.actor.user_id, status: { in: OPEN_ACTION_STATUSES } },
          // Soonest due first; undated ones after the dated.
          orderBy: [{ due_at: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
          take,
        })
      : null,
    may(ops.listPackets.scope)
      ? db.packet.findMany({ where: { ...base, status: 'in_review' }, orderBy: { id: 'desc' }, take })
      : null,
    may(ops.listAlerts.scope)
      ? db.alert.findMany({
          where: { ...base, status: 'new', severity: 'critical' },
          orderBy: { id: 'desc' },
          take,
        })
      : null,
  ]);
  const matterIds = [...new Set([...(actions ?? []), ...(packets ?? []), ...(alerts ?? [])].map((r) => r.matter_id))];
  const matters = matterIds.length
    ? await db.matter.findMany({
        where: { id: { in: matterIds }, org_id: ctx.org.id },
        select: { id: true, name: true },
      })
    : [];
  const names = new Map(matters.map((m) => [m.id, m.name]));
  const matter = (id: string) => ({ matter_id: id, matter_name: names.get(id) ?? id });
  return {
    actions:
      actions?.map((a) => ({
        action_id: a.id,
        title: a.title,
        status: a.status,
        priority: a.priority,
        due_at: a.due_at?.toISOString() ?? null,
        ...matter(a.matter_id),
      })) ?? null,
    packets:
      packets?.map((p) => ({
        packet_id: p.id,
        type: p.type,
        packet_type: p.packet_type,
        created_at: p.created_at.toISOString(),
        ...matter(p.matter_id),
      })) ?? null,
    alerts:
      alerts?.map((a) => ({
        alert_id: a.id,
        type: a.type,
        reason: a.reason,
        target: a.target,
        created_at: a.created_at.toISOString(),
        ...matter(a.matter_id),
      })) ?? null,
  };
}
