import bcrypt from 'bcryptjs';
import type { PrismaClient, User } from '@/generated/prisma/client';
import type { Ctx, Env } from '../../context';
import { PASSWORD_ROUNDS } from '../../bootstrap';
import { API_VERSION } from '../../config';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import { sha256Hex } from '../../json';
import { passwordProblem } from '../../domain/passwords';
import { transaction } from '../../db/transaction';
import { recordChange } from '../audit/append';

/** Invite tokens are 40 base62 characters (services/organizations/users.ts). */
const TOKEN_RE = /^[0-9A-Za-z]{20,100}$/;

const INVALID =
  'This invitation link is not valid any more. It may have been used already or have expired; ask an administrator for a new invitation.';

async function findInvited(db: PrismaClient, token: string): Promise<User | null> {
  if (!TOKEN_RE.test(token)) return null;
  const u = await db.user.findUnique({ where: { invite_token_hash: sha256Hex(token) } });
  if (!u || u.status !== 'invited' || !u.invite_expires_at || u.invite_expires_at <= new Date()) return null;
  return u;
}

/** What the invite page may show about a token: the invited email while it is usable, nothing otherwise. */
export async function describeInvite(db: PrismaClient, token: string) {
  const u = await findInvited(db, token);
  return u ? { valid: true as const, email: u.email, name: u.name } : { valid: false as const, message: INVALID };
}

/**
 * Sets the first password of an invited user through their one-time invite token. Works once:
 * the user becomes `active` and the token hash is cleared in the same conditional update, so
 * two concurrent submissions cannot both succeed. Records `user.activated` in the audit chain
 * the invitation was recorded in, with the user as actor.
 */
export async function acceptInvite(db: PrismaClient, input: { token: string; password: string; confirm: string }) {
  const u = await findInvited(db, input.token);
  if (!u) throw new ApiError('not_found', INVALID, { param: 'token' });
  const problem = passwordProblem(input.password, u.email);
  if (problem) throw new ApiError('parameter_invalid', problem, { param: 'password' });
  if (input.password !== input.confirm)
    throw new ApiError('parameter_invalid', 'The two passwords do not match.', { param: 'confirm' });
  // Hashing is deliberately slow: do it before the transaction opens.
  const hash = await bcrypt.hash(input.password, PASSWORD_ROUNDS);
  const invitation = await db.auditEvent.findFirst({
    where: { matter_id: null, object_type: 'user', object_id: u.id, event_type: 'user.invited' },
    select: { env: true },
  });
  return transaction(db, async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: u.id, status: 'invited', invite_token_hash: u.invite_token_hash },
      data: { status: 'active', password_hash: hash, invite_token_hash: null, invite_expires_at: null },
    });
    if (count !== 1) throw new ApiError('not_found', INVALID, { param: 'token' });
    const org = await tx.organization.findUniqueOrThrow({ where: { id: u.org_id } });
    const ctx: Ctx = {
      org: { id: org.id, parent_id: org.parent_id, features: org.features, pinned_version: org.pinned_version },
      env: (invitation?.env ?? 'sandbox') as Env,
      actor: {
        id: u.id,
        key_id: null,
        user_id: u.id,
        scopes: [],
        roles: u.roles,
        matter_ids: u.matter_ids.length ? u.matter_ids : null,
      },
      requestId: newId('request'),
      version: API_VERSION,
      idempotencyKey: null,
      origin: '',
      auditRef: null,
    };
    await recordChange(ctx, tx, {
      event_type: 'user.activated',
      object_type: 'user',
      object_id: u.id,
      matter_id: null,
      details: { organization_id: org.id },
    });
    return { email: u.email };
  });
}
