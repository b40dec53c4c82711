import type { Organization } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { notFound } from '../../errors';
import { isId } from '../../ids';

/** A parent's admin key (scope `*` or `org:*`) may act on its descendants. */
export const isOrgAdmin = (ctx: Ctx) =>
  ctx.actor.scopes.some((s) => s === '*' || s === 'org:*') &&
  (ctx.actor.roles === null || ctx.actor.roles.includes('admin')) &&
  ctx.actor.matter_ids === null;

/** Ids of every organization below `rootId` (not including it). */
export async function descendantIds(db: Db, rootId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE tree AS (
      SELECT id FROM organizations WHERE parent_id = ${rootId}
      UNION ALL
      SELECT o.id FROM organizations o JOIN tree t ON o.parent_id = t.id
    ) SELECT id FROM tree`;
  return rows.map((r) => r.id);
}

/**
 * The caller's own organization, or one of its descendants when the caller is an org admin.
 * A parent, a sibling or an unknown id is 404: a child never learns that its parent exists.
 */
export async function loadAccessibleOrg(ctx: Ctx, db: Db, id: string): Promise<Organization> {
  if (id === ctx.org.id) return (await db.organization.findUnique({ where: { id } }))!;
  if (isId('organization', id) && isOrgAdmin(ctx)) {
    const below = await descendantIds(db, ctx.org.id);
    if (below.includes(id)) return (await db.organization.findUnique({ where: { id } }))!;
  }
  throw notFound('organization', id);
}
