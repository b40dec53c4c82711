import type { User } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError, notFound } from '../../errors';
import { isId, newId, randomBase62 } from '../../ids';
import { sha256Hex } from '../../json';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { loadAccessibleOrg } from './access';
import { assertMayGrantRoles, assertOrgWide } from '../../auth/grant-rules';

const INVITE_TTL_MS = 7 * 24 * 3600_000;
export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;

export function userOut(u: User) {
  return {
    object: 'user' as const,
    user_id: u.id,
    organization_id: u.org_id,
    email: u.email,
    name: u.name,
    roles: u.roles,
    matter_ids: u.matter_ids,
    status: u.status,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

/**
 * A matter-restricted actor manages only users confined to its own matters (an invite defaults
 * to them); otherwise it could mint a console identity that sees every matter.
 */
function confineToActor(ctx: Ctx, ids: string[] | undefined, emptyMeans: 'own' | 'every'): string[] | undefined {
  const own = ctx.actor.matter_ids;
  if (!own) return ids;
  const wanted = ids?.length ? ids : emptyMeans === 'own' ? own : [];
  if (!wanted.length || wanted.some((id) => !own.includes(id))) {
    throw new ApiError(
      'matter_restricted_key',
      'A key restricted to matters can only give users access to those matters.',
      { param: 'matter_ids' },
    );
  }
  return wanted;
}

/**
 * An admin user can do anything, keys included (the console acts with scope `*`), so giving,
 * changing or removing the admin role takes a key that holds `*` — as no key may issue one
 * stronger than itself.
 */
function assertMayManageAdmins(ctx: Ctx, roles: readonly string[]) {
  if (roles.includes('admin') && !ctx.actor.scopes.includes('*')) {
    throw new ApiError('insufficient_scope', "Only a key with scope '*' can give or change the admin role.", {
      param: 'roles',
      fields: { required_scope: '*' },
    });
  }
}

async function checkMatters(db: Db, orgId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await db.matter.findMany({ where: { id: { in: unique }, org_id: orgId }, select: { id: true } });
  const missing = unique.find((id) => !found.some((f) => f.id === id));
  if (missing) throw notFound('matter', missing, 'matter_ids');
  return unique;
}

/**
 * Invites a user. The response carries a one-time `invite_url`; only the token's hash is kept,
 * and it stops working once a password is set or after 7 days.
 */
export async function inviteUser(
  ctx: Ctx,
  tx: Tx,
  orgId: string,
  input: { email: string; name?: string | null; roles: string[]; matter_ids?: string[] },
) {
  const org = await loadAccessibleOrg(ctx, tx, orgId);
  assertMayManageAdmins(ctx, input.roles);
  assertMayGrantRoles(ctx, input.roles);
  const matterIds = confineToActor(ctx, input.matter_ids, 'own') ?? [];
  const email = input.email.toLowerCase();
  // Emails are unique per organization only: whether the address exists elsewhere is never told.
  if (await tx.user.findFirst({ where: { org_id: org.id, email }, select: { id: true } })) {
    throw new ApiError('conflict', `A user with email ${email} already exists in this organization.`, {
      param: 'email',
    });
  }
  const { token, stored } = newInviteToken();
  const u = await tx.user.create({
    data: {
      id: newId('user'),
      org_id: org.id,
      email,
      name: input.name ?? null,
      roles: [...new Set(input.roles)],
      matter_ids: await checkMatters(tx, org.id, matterIds),
      status: 'invited',
      ...stored,
      // A sandbox caller could not act in production, so neither can the user it invites.
      production_access: ctx.env === 'production',
    },
  });
  const out = userOut(u);
  await recordChange(ctx, tx, {
    event_type: 'user.invited',
    object_type: 'user',
    object_id: u.id,
    matter_id: null,
    details: { organization_id: org.id, roles: u.roles, matter_ids: u.matter_ids },
    data: out,
  });
  return withInviteLink(ctx, out, token, stored.invite_expires_at);
}

/** A fresh invite token: the secret for the link once, only its hash and expiry stored. */
function newInviteToken() {
  const token = randomBase62(40);
  return {
    token,
    stored: { invite_token_hash: sha256Hex(token), invite_expires_at: new Date(Date.now() + INVITE_TTL_MS) },
  };
}

const withInviteLink = (ctx: Ctx, out: ReturnType<typeof userOut>, token: string, expires: Date) => ({
  ...out,
  invite_url: `${ctx.origin}/invite/${token}`,
  invite_expires_at: expires.toISOString(),
});

/**
 * The user `userId` of the organization, for a caller about to manage them: 404 for another
 * organization's or an unknown user, and a matter-restricted caller manages only users confined
 * to its own matters.
 */
async function loadManagedUser(ctx: Ctx, tx: Tx, orgId: string, userId: string) {
  const u = isId('user', userId) ? await tx.user.findFirst({ where: { id: userId, org_id: orgId } }) : null;
  if (!u) throw notFound('user', userId);
  const own = ctx.actor.matter_ids;
  if (own && (!u.matter_ids.length || u.matter_ids.some((id) => !own.includes(id)))) {
    throw new ApiError(
      'matter_restricted_key',
      'A key restricted to matters can only manage users restricted to those matters.',
    );
  }
  return u;
}

/**
 * Sends a pending invite again: a new token replaces the old one (whose link stops working) and
 * the 7 days start over. Re-issuing a way in is managing the user, so the rules of changing
 * them hold: no caller re-invites a user stronger than itself, and a sandbox credential does not
 * re-invite a user who can act in production. Audited (no webhook event: nothing about the user
 * changed that an integration sees).
 */
export async function resendInvite(ctx: Ctx, tx: Tx, orgId: string, userId: string) {
  const org = await loadAccessibleOrg(ctx, tx, orgId);
  const u = await loadManagedUser(ctx, tx, org.id, userId);
  assertMayManageAdmins(ctx, u.roles);
  assertMayGrantRoles(ctx, u.roles);
  if (u.status !== 'invited') {
    throw new ApiError(
      'invalid_state_transition',
      `Only a pending invite can be sent again; this user is ${u.status}.`,
      {
        details: { current: u.status, requested: 'invited', allowed: [] },
      },
    );
  }
  if (ctx.env !== 'production' && u.production_access) {
    throw new ApiError(
      'insufficient_scope',
      'A sandbox credential cannot re-invite a user who can act in production; use a production key.',
    );
  }
  const { token, stored } = newInviteToken();
  const updated = await tx.user.update({ where: { id: u.id }, data: stored });
  const event = await recordChange(ctx, tx, {
    event_type: 'user.invite_resent',
    object_type: 'user',
    object_id: u.id,
    matter_id: null,
    details: { organization_id: org.id },
  });
  // The audit event's id: the console's answer has no response headers to carry it.
  return { ...withInviteLink(ctx, userOut(updated), token, stored.invite_expires_at), audit_ref: event.id };
}

export async function listUsers(ctx: Ctx, db: Db, orgId: string, q: PageArgs) {
  assertOrgWide(ctx, 'list the users of the organization');
  const org = await loadAccessibleOrg(ctx, db, orgId);
  const page = await keysetPage(q, (a) => db.user.findMany(a), { org_id: org.id });
  return listEnvelope(page, `/v1/organizations/${org.id}/users`, userOut);
}

export async function updateUser(
  ctx: Ctx,
  tx: Tx,
  orgId: string,
  userId: string,
  patch: { name?: string | null; roles?: string[]; matter_ids?: string[]; status?: 'active' | 'disabled' },
) {
  const org = await loadAccessibleOrg(ctx, tx, orgId);
  const u = await loadManagedUser(ctx, tx, org.id, userId);
  if (patch.matter_ids) confineToActor(ctx, patch.matter_ids, 'every');
  assertMayManageAdmins(ctx, [...u.roles, ...(patch.roles ?? [])]);
  // No managing a user stronger than the caller, and no raising one beyond it.
  assertMayGrantRoles(ctx, [...u.roles, ...(patch.roles ?? [])]);
  const widens = patch.roles !== undefined || patch.matter_ids !== undefined || patch.status === 'active';
  if (widens && ctx.env !== 'production' && u.production_access) {
    throw new ApiError(
      'insufficient_scope',
      'A sandbox credential cannot change the roles, matters or status of a user who can act in production; use a production key.',
      { param: patch.roles ? 'roles' : patch.matter_ids ? 'matter_ids' : 'status' },
    );
  }
  // A changed identity ends every session the user had: they sign in again with the new powers.
  const endsSessions = patch.roles !== undefined || patch.matter_ids !== undefined || patch.status !== undefined;
  if (patch.status === 'active' && u.status === 'invited') {
    throw new ApiError(
      'invalid_state_transition',
      'An invited user becomes active by setting a password through the invite link.',
      { details: { current: 'invited', requested: 'active', allowed: ['disabled'] } },
    );
  }
  const updated = await tx.user.update({
    where: { id: u.id },
    data: {
      name: patch.name,
      roles: patch.roles ? [...new Set(patch.roles)] : undefined,
      matter_ids: patch.matter_ids ? await checkMatters(tx, org.id, patch.matter_ids) : undefined,
      status: patch.status,
      ...(endsSessions ? { session_version: { increment: 1 } } : {}),
    },
  });
  const out = userOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'user.updated',
    object_type: 'user',
    object_id: u.id,
    matter_id: null,
    details: { organization_id: org.id, changed: Object.keys(patch) },
    data: out,
  });
  return out;
}
