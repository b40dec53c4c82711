import type { Ctx, Db } from '../../context';
import { actorGrants } from '../../auth/require-scope';
import { isId } from '../../ids';
import { canSeeMatter } from '../matters/access';
import { containsText } from '../text-filter';

/** Ids of one page of a console list whose names the page shows. */
export interface NameRequest {
  matter_ids?: string[];
  user_ids?: string[];
  packet_ids?: string[];
  key_ids?: string[];
}

export interface Names {
  matters: Record<string, { name: string }>;
  users: Record<string, { name: string }>;
  packets: Record<string, { type: string; packet_type: string; matter_id: string }>;
  keys: Record<string, { name: string }>;
}

/** A page shows at most this many distinct ids of a kind; more is not a page. */
export const NAMES_MAX = 200;

const wanted = (ids: string[] | undefined, ok: (id: string) => boolean) =>
  [...new Set(ids ?? [])].filter(ok).slice(0, NAMES_MAX);

/**
 * Names for the ids a console page shows (its matters, users, packets and API keys), one query
 * per kind for the whole page, so a list of 50 rows costs four queries, not 200.
 *
 * It reveals no more than the lists it labels: a matter or packet only when the caller may read
 * that kind and see its matter (the REST 404 rule); a user or key of the caller's organization,
 * and for a matter-restricted caller only those that share one of its matters or are
 * unrestricted (the assignees picker's rule). An id it may not name is simply left out: the
 * page falls back to the id, exactly what it showed before.
 */
export async function resolveNames(ctx: Ctx, db: Db, req: NameRequest): Promise<Names> {
  const mine = ctx.actor.matter_ids;
  const sharing = mine ? { OR: [{ matter_ids: { isEmpty: true } }, { matter_ids: { hasSome: mine } }] } : {};
  const matterIds = actorGrants(ctx.actor, 'matters:read')
    ? wanted(req.matter_ids, (id) => isId('matter', id) && canSeeMatter(ctx, id))
    : [];
  const packetIds = actorGrants(ctx.actor, 'packets:read') ? wanted(req.packet_ids, (id) => isId('packet', id)) : [];
  const userIds = wanted(req.user_ids, (id) => isId('user', id));
  // Key names label audit actors; the audit trail and the keys page are where keys show.
  const keyIds =
    actorGrants(ctx.actor, 'audit:read') || actorGrants(ctx.actor, 'keys:read')
      ? wanted(req.key_ids, (id) => isId('api_key', id))
      : [];
  const scoped = { org_id: ctx.org.id, env: ctx.env };
  const [matters, packets, users, keys] = await Promise.all([
    matterIds.length
      ? db.matter.findMany({ where: { ...scoped, id: { in: matterIds } }, select: { id: true, name: true } })
      : [],
    packetIds.length
      ? db.packet.findMany({
          where: { ...scoped, id: { in: packetIds } },
          select: { id: true, type: true, packet_type: true, matter_id: true },
        })
      : [],
    userIds.length
      ? db.user.findMany({
          where: { org_id: ctx.org.id, id: { in: userIds }, ...sharing },
          select: { id: true, name: true, email: true },
        })
      : [],
    keyIds.length
      ? db.apiKey.findMany({ where: { ...scoped, id: { in: keyIds }, ...sharing }, select: { id: true, name: true } })
      : [],
  ]);
  // The email stands in for a missing name only for a caller who may list the users anyway.
  const showEmail = mine === null && actorGrants(ctx.actor, 'users:read');
  const out: Names = { matters: {}, users: {}, packets: {}, keys: {} };
  for (const m of matters) out.matters[m.id] = { name: m.name };
  for (const p of packets) {
    if (canSeeMatter(ctx, p.matter_id))
      out.packets[p.id] = { type: p.type, packet_type: p.packet_type, matter_id: p.matter_id };
  }
  for (const u of users) {
    const name = u.name ?? (showEmail ? u.email : null);
    if (name) out.users[u.id] = { name };
  }
  for (const k of keys) if (k.name) out.keys[k.id] = { name: k.name };
  return out;
}

/** People a picker offers at most (a picker, not a directory: narrow it by typing). */
export const PEOPLE_MAX = 50;

/**
 * The users a console picker offers (lead counsel, an OFAC report's counsel owner): enabled
 * users of the caller's organization whose name or email contains `q`, under the same rule as
 * the names above (a matter-restricted caller sees only users who share one of its matters or
 * are unrestricted). Emails only to a caller who may list the users anyway.
 */
export async function listPeople(ctx: Ctx, db: Db, q: { q?: string }) {
  const mine = ctx.actor.matter_ids;
  const showEmail = mine === null && actorGrants(ctx.actor, 'users:read');
  const text = q.q?.trim();
  const users = await db.user.findMany({
    where: {
      org_id: ctx.org.id,
      status: { not: 'disabled' },
      ...(mine ? { OR: [{ matter_ids: { isEmpty: true } }, { matter_ids: { hasSome: mine } }] } : {}),
      ...(text
        ? {
            AND: [
              {
                OR: [{ name: containsText(text) }, ...(showEmail ? [{ email: containsText(text) }] : [])],
              },
            ],
          }
        : {}),
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: PEOPLE_MAX,
    select: { id: true, name: true, email: true },
  });
  return users.map((u) => ({ user_id: u.id, name: u.name, email: showEmail ? u.email : null }));
}
