import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';
import { roleGrants } from '../../auth/roles';

/**
 * A user of the caller's organization who can see `matterId` (no matter list, or one that
 * names it) and is not disabled; with `scope`, one whose roles also grant it. Anything else —
 * a malformed id, another organization's user, a user confined to other matters — is the
 * same 400 parameter_invalid on `param`: the reference is unusable, and the answer does not
 * say whether such a user exists elsewhere.
 */
export async function loadMatterUser(
  ctx: Ctx,
  db: Db,
  userId: string,
  matterId: string,
  param: string,
  scope?: string,
) {
  const u = isId('user', userId) ? await db.user.findFirst({ where: { id: userId, org_id: ctx.org.id } }) : null;
  const usable =
    u &&
    u.status !== 'disabled' &&
    (u.matter_ids.length === 0 || u.matter_ids.includes(matterId)) &&
    (!scope || roleGrants(u.roles, scope));
  if (!usable) {
    throw invalidParam(
      param,
      `${param} must be an active user of this organization who can see matter ${matterId}${scope ? ` and whose roles allow ${scope}` : ''}.`,
    );
  }
  return u;
}
