import type { Ctx, Db } from '../../context';
import { roleGrants } from '../../auth/roles';
import { loadMatter } from '../matters/access';

/**
 * Who can own actions (of `matterId`, when given): active or invited users of the organization
 * whose roles allow actions:write and who can see the matter — the owners `assign` accepts.
 */
export async function listAssignees(ctx: Ctx, db: Db, matterId?: string) {
  if (matterId) await loadMatter(ctx, db, matterId, 'matter_id');
  const users = await db.user.findMany({
    where: { org_id: ctx.org.id, status: { not: 'disabled' } },
    orderBy: { id: 'asc' },
    take: 1000,
  });
  return users
    .filter((u) => roleGrants(u.roles, 'actions:write'))
    .filter((u) => !matterId || u.matter_ids.length === 0 || u.matter_ids.includes(matterId))
    .map((u) => ({ user_id: u.id, name: u.name, email: u.email, roles: u.roles, matter_ids: u.matter_ids }));
}
