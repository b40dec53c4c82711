import type { Ctx, Db } from '../../context';
import { actorGrants } from '../../auth/require-scope';
import { roleGrants } from '../../auth/roles';
import { loadMatter } from '../matters/access';

/**
 * Who can own actions (of `matterId`, when given): active or invited users of the organization
 * whose roles allow actions:write and who can see the matter — the owners `assign` accepts.
 *
 * It is a picker, not a user directory: a caller restricted to matters sees only users who
 * share one of its matters, and each user's `matter_ids` are cut to the caller's matters (an
 * unrestricted user shows the caller's). Roles are never shown, and the email only to a caller
 * who may list the organization's users anyway (GET …/users: `users:read`, not restricted).
 */
export async function listAssignees(ctx: Ctx, db: Db, matterId?: string) {
  if (matterId) await loadMatter(ctx, db, matterId, 'matter_id');
  const mine = ctx.actor.matter_ids;
  const showEmail = mine === null && actorGrants(ctx.actor, 'users:read');
  const users = await db.user.findMany({
    where: {
      org_id: ctx.org.id,
      status: { not: 'disabled' },
      // An unrestricted user (no matter_ids) can own actions on every matter.
      ...(mine ? { OR: [{ matter_ids: { isEmpty: true } }, { matter_ids: { hasSome: mine } }] } : {}),
    },
    orderBy: { id: 'asc' },
    take: 1000,
  });
  return users
    .filter((u) => roleGrants(u.roles, 'actions:write'))
    .filter((u) => !matterId || u.matter_ids.length === 0 || u.matter_ids.includes(matterId))
    .map((u) => ({
      user_id: u.id,
      name: u.name,
      email: showEmail ? u.email : null,
      matter_ids: mine ? (u.matter_ids.length ? u.matter_ids.filter((id) => mine.includes(id)) : mine) : u.matter_ids,
    }));
}
