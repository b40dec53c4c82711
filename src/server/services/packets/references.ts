import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';
import { inEffect } from '../matters/authority-status';

/**
 * The references a packet body names (API-CONTRACT §14). Each failure is 400
 * parameter_invalid naming the field, with the same answer whether the object does not exist,
 * belongs to another tenant or matter, or is not usable: nothing leaks across tenants.
 */

/** `legal_authority_id`: an authority grant of this matter, in effect now. */
export async function checkGrant(ctx: Ctx, db: Db, matterId: string, id: string) {
  const g = isId('authority_grant', id)
    ? await db.authorityGrant.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env, matter_id: matterId } })
    : null;
  if (!g)
    throw invalidParam(
      'legal_authority_id',
      `legal_authority_id '${id}' is not an authority grant of matter ${matterId}.`,
    );
  if (!inEffect(g))
    throw invalidParam(
      'legal_authority_id',
      `Authority grant ${id} is not in effect (${g.status === 'revoked' ? 'revoked' : 'expired or not yet effective'}); cite a grant in effect.`,
    );
  return g;
}

/** `authorized_sender`: a user of the organization, not disabled, who can see the matter. */
export async function checkSender(ctx: Ctx, db: Db, matterId: string, id: string) {
  const u = isId('user', id) ? await db.user.findFirst({ where: { id, org_id: ctx.org.id } }) : null;
  const sees = !!u && (u.matter_ids.length === 0 || u.matter_ids.includes(matterId));
  if (!u || u.status === 'disabled' || !sees) {
    throw invalidParam(
      'authorized_sender',
      `authorized_sender '${id}' is not an active user of this organization who can see matter ${matterId}.`,
    );
  }
  return u;
}

/** `judgment_id`: a judgment of this matter. */
export async function checkJudgment(ctx: Ctx, db: Db, matterId: string, id: string) {
  const j = isId('judgment', id)
    ? await db.judgment.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env, matter_id: matterId } })
    : null;
  if (!j) throw invalidParam('judgment_id', `judgment_id '${id}' is not a judgment of matter ${matterId}.`);
  return j;
}

/** A sender as a packet shows it. */
export const senderOut = (u: { id: string; name: string | null; email: string; roles: string[] }) => ({
  user_id: u.id,
  name: u.name ?? u.email,
  roles: u.roles,
});
