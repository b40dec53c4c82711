import type { Ctx, Db, Tx } from '../../context';
import { roleGrants } from '../../auth/roles';
import { assertMatterAuthority } from '../matters/gate';
import { loadMatter } from '../matters/access';
import { assignAction } from './actions';
import { findAction } from './load';

/**
 * Assigns several actions to one owner in one transaction: all or none. Each assignment is
 * the single `assign` (its gate on the action's matter, its audit event and action.assigned).
 */
export async function bulkAssignActions(ctx: Ctx, tx: Tx, input: { action_ids: string[]; owner_id: string; notes?: string | null }) {
  const data = [];
  for (const id of [...new Set(input.action_ids)]) {
    const a = await findAction(ctx, tx, id);
    await assertMatterAuthority(ctx, tx, a.matter_id);
    data.push(await assignAction(ctx, tx, id, { owner_id: input.owner_id, notes: input.notes }));
  }
  return { object: 'list' as const, data };
}

/**
 * Who can own actions (of `matterId`, when given): active or invited users of the organization
 * whose roles allow actions:write and who can see the matter — the owners `assign` accepts.
 */
export async function listAssignees(ctx: Ctx, db: Db, matterId?: string) {
  if (matterId) await loadMatter(ctx, db, matterId, 'matter_id');
  const users = await db.user.findMany({ where: { org_id: ctx.org.id, status: { not: 'disabled' } }, orderBy: { id: 'asc' }, take: 1000 });
  return users
    .filter((u) => roleGrants(u.roles, 'actions:write'))
    .filter((u) => !matterId || u.matter_ids.length === 0 || u.matter_ids.includes(matterId))
    .map((u) => ({ user_id: u.id, name: u.name, email: u.email, roles: u.roles, matter_ids: u.matter_ids }));
}
