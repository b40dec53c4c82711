import type { ApiKey } from '@/generated/prisma/client';
import type { Ctx, Db, Env, Tx } from '../../context';
import { ApiError, invalidParam, invalidTransition, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { newSecret } from '../../auth/api-keys';
import { pendingUse } from '../../http/request-log';
import { covers, isValidScope } from '../../auth/scopes';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { isOrgAdmin, loadAccessibleOrg } from './access';
import { assertOrgWide, assertSameEnvironment } from '../../auth/grant-rules';

const ENV_NAMES: Record<string, Env> = { sandbox: 'sandbox', production: 'production' };
const MAX_ROLL_GRACE_MS = 7 * 24 * 3600_000;

export function keyStatus(k: ApiKey, now = new Date()) {
  if (k.status === 'revoked') return 'revoked';
  if (k.expires_at && k.expires_at <= now) return 'expired';
  return 'active';
}

/**
 * When each key was last used: the stored time (written in batches, see http/request-log.ts)
 * or this process's newer one not yet written. Null for a key never used.
 */
export async function lastUsedOf(db: Db, ids: string[]): Promise<Map<string, Date>> {
  const rows = ids.length
    ? await db.apiKeyUsage.findMany({ where: { key_id: { in: ids } }, select: { key_id: true, last_used_at: true } })
    : [];
  const out = new Map(rows.map((r) => [r.key_id, r.last_used_at]));
  for (const id of ids) {
    const pending = pendingUse(id);
    if (pending && pending.getTime() > (out.get(id)?.getTime() ?? 0)) out.set(id, pending);
  }
  return out;
}

export function keyOut(k: ApiKey, lastUsed: Date | null = null) {
  return {
    object: 'api_key' as const,
    key_id: k.id,
    organization_id: k.org_id,
    name: k.name,
    environment: k.env,
    scopes: k.scopes,
    matter_ids: k.matter_ids,
    user_id: k.user_id,
    status: keyStatus(k),
    prefix: k.prefix,
    expires_at: k.expires_at?.toISOString() ?? null,
    last_used_at: lastUsed?.toISOString() ?? null,
    created_at: k.created_at.toISOString(),
    revoked_at: k.revoked_at?.toISOString() ?? null,
  };
}

export interface IssueKeyInput {
  name?: string | null;
  environment?: string;
  scopes: string[];
  matter_ids?: string[];
  expires_at?: string | null;
  user_id?: string | null;
}

/**
 * Issues a key. The secret is returned once (`secret_once`) and only its hash is kept.
 * A key can never be stronger than the key that issues it (scopes and matter restrictions),
 * and production keys need the organization's `production_access` feature.
 */
export async function issueKey(ctx: Ctx, tx: Tx, orgId: string, input: IssueKeyInput) {
  const org = await loadAccessibleOrg(ctx, tx, orgId);
  const env = ENV_NAMES[input.environment ?? ctx.env];
  const bad = input.scopes.find((s) => !isValidScope(s));
  if (bad)
    throw invalidParam(
      'scopes',
      `Unknown scope '${bad}'. Use '*', '<family>:*' or a scope named in the API reference.`,
    );
  assertNoStronger(ctx, input.scopes, 'issue a key with scopes it does not hold itself', 'scopes');
  if (env === 'production' && !org.features.includes('production_access')) {
    throw new ApiError(
      'production_access_not_enabled',
      `Organization ${org.id} is not enabled for production; production keys are issued after onboarding review.`,
    );
  }
  assertSameEnvironment(ctx, env, 'issue');
  const matterIds = await checkMatterIds(ctx, tx, org.id, env, input.matter_ids ?? []);
  if (input.expires_at && new Date(input.expires_at) <= new Date())
    throw invalidParam('expires_at', 'expires_at must be in the future.');
  if (input.user_id) {
    const u = isId('user', input.user_id)
      ? await tx.user.findFirst({ where: { id: input.user_id, org_id: org.id } })
      : null;
    if (!u) throw notFound('user', input.user_id, 'user_id');
    assertMayBind(ctx, u.id, 'issue', 'user_id');
  }
  return createKey(
    ctx,
    tx,
    {
      org_id: org.id,
      env,
      name: input.name ?? null,
      scopes: [...new Set(input.scopes)],
      matter_ids: matterIds,
      user_id: input.user_id ?? null,
      expires_at: input.expires_at ? new Date(input.expires_at) : null,
    },
    'api_key.created',
  );
}

/** A key can never hand out a secret stronger than itself, by issuing or by rolling. */
function assertNoStronger(ctx: Ctx, scopes: string[], what: string, param?: string) {
  if (!covers(ctx.actor.scopes, scopes)) {
    throw new ApiError('insufficient_scope', `A key cannot ${what}.`, {
      param,
      fields: { required_scope: scopes.join(' ') },
    });
  }
}

/**
 * A key bound to a user acts as that user: its approvals and every other act are recorded as
 * theirs. So only the user themself, or an organization admin acting for them, may bind a key
 * to a user (by issuing it) or get a new secret of such a key (by rolling it).
 */
function assertMayBind(ctx: Ctx, userId: string, verb: 'issue' | 'roll', param?: string) {
  if (ctx.actor.user_id === userId || isOrgAdmin(ctx)) return;
  throw new ApiError(
    'insufficient_scope',
    `Only user ${userId} or an organization admin may ${verb} a key that acts as that user.`,
    { param, fields: { required_scope: 'org:*' } },
  );
}

/** A restricted issuer can only issue keys restricted to (a subset of) its own matters. */
async function checkMatterIds(ctx: Ctx, db: Db, orgId: string, env: Env, ids: string[]) {
  const own = ctx.actor.matter_ids;
  const wanted = ids.length ? [...new Set(ids)] : (own ?? []);
  if (own && wanted.some((id) => !own.includes(id))) {
    throw new ApiError('matter_restricted_key', 'A key restricted to matters can only issue keys for those matters.', {
      param: 'matter_ids',
    });
  }
  if (!wanted.length) return [];
  const found = await db.matter.findMany({ where: { id: { in: wanted }, org_id: orgId, env }, select: { id: true } });
  const missing = wanted.find((id) => !found.some((f) => f.id === id));
  if (missing) throw notFound('matter', missing, 'matter_ids');
  return wanted;
}

/** Rolling and revoking: never a stronger key, another environment's key or another matter's. */
function assertMayManage(ctx: Ctx, k: ApiKey, verb: 'roll' | 'revoke') {
  assertSameEnvironment(ctx, k.env, verb);
  assertNoStronger(ctx, k.scopes, `${verb} a key with scopes it does not hold itself`);
  const own = ctx.actor.matter_ids;
  if (own && (!k.matter_ids.length || k.matter_ids.some((id) => !own.includes(id)))) {
    throw new ApiError(
      'matter_restricted_key',
      `A key restricted to matters can only ${verb} keys restricted to those matters.`,
    );
  }
}

async function createKey(
  ctx: Ctx,
  tx: Tx,
  data: {
    org_id: string;
    env: Env;
    name: string | null;
    scopes: string[];
    matter_ids: string[];
    user_id: string | null;
    expires_at: Date | null;
  },
  eventType: string,
  extra: Record<string, unknown> = {},
) {
  const secret = newSecret(data.env);
  const k = await tx.apiKey.create({
    data: { id: newId('api_key'), ...data, prefix: secret.prefix, secret_hash: secret.hash },
  });
  const out = keyOut(k);
  await recordChange(ctx, tx, {
    event_type: eventType,
    object_type: 'api_key',
    object_id: k.id,
    matter_id: null,
    // Who issued a key bound to a user is on record next to whom it acts as.
    details: {
      organization_id: k.org_id,
      environment: k.env,
      scopes: k.scopes,
      user_id: k.user_id,
      issued_by: { actor_id: ctx.actor.id, key_id: ctx.actor.key_id },
      ...extra,
    },
  });
  return { ...out, secret_once: secret.secret, ...extra };
}

export async function listKeys(
  ctx: Ctx,
  db: Db,
  orgId: string,
  q: PageArgs & { environment?: string; status?: string },
) {
  assertOrgWide(ctx, 'list the keys of the organization');
  const org = await loadAccessibleOrg(ctx, db, orgId);
  const page = await keysetPage(
    q,
    (a) =>
      db.apiKey.findMany({
        ...a,
        where: {
          ...a.where,
          ...(q.environment ? { env: q.environment } : {}),
          ...(q.status === 'revoked'
            ? { status: 'revoked' }
            : q.status === 'active'
              ? { status: 'active', OR: [{ expires_at: null }, { expires_at: { gt: new Date() } }] }
              : q.status === 'expired'
                ? { status: 'active', expires_at: { lte: new Date() } }
                : {}),
        },
      }),
    { org_id: org.id },
  );
  const used = await lastUsedOf(
    db,
    page.data.map((k) => k.id),
  );
  return listEnvelope(page, `/v1/organizations/${org.id}/api-keys`, (k) => keyOut(k, used.get(k.id)));
}

async function loadKey(ctx: Ctx, db: Db, orgId: string, keyId: string) {
  const org = await loadAccessibleOrg(ctx, db, orgId);
  const k = isId('api_key', keyId) ? await db.apiKey.findFirst({ where: { id: keyId, org_id: org.id } }) : null;
  if (!k) throw notFound('api key', keyId);
  return k;
}

/**
 * Revokes a key. Held to the same rule as rolling: no revoking a stronger key (scopes, matters)
 * and no reaching from the sandbox into production.
 */
export async function revokeKey(ctx: Ctx, tx: Tx, orgId: string, keyId: string) {
  const k = await loadKey(ctx, tx, orgId, keyId);
  assertMayManage(ctx, k, 'revoke');
  if (k.status === 'revoked') throw invalidTransition('api key', 'revoked', 'revoked', []);
  const updated = await tx.apiKey.update({ where: { id: k.id }, data: { status: 'revoked', revoked_at: new Date() } });
  await recordChange(ctx, tx, {
    event_type: 'api_key.revoked',
    object_type: 'api_key',
    object_id: k.id,
    matter_id: null,
    details: { organization_id: k.org_id },
  });
  return keyOut(updated, (await lastUsedOf(tx, [k.id])).get(k.id));
}

/**
 * Rolls a key: a new secret with the same name, scopes and restrictions. The old key is
 * revoked now, or keeps working until `expires_at` (at most 7 days) so deployments can swap.
 */
export async function rollKey(ctx: Ctx, tx: Tx, orgId: string, keyId: string, input: { expires_at?: string | null }) {
  const k = await loadKey(ctx, tx, orgId, keyId);
  if (keyStatus(k) !== 'active') throw invalidTransition('api key', keyStatus(k), 'rolled', []);
  // Rolling returns a working secret with the rolled key's powers, so it is held to the issuing
  // rule: no stronger scopes, and a matter-restricted roller only rolls keys within its matters.
  assertMayManage(ctx, k, 'roll');
  if (k.user_id) assertMayBind(ctx, k.user_id, 'roll');
  let graceUntil = input.expires_at ? new Date(input.expires_at) : null;
  if (graceUntil && (graceUntil <= new Date() || graceUntil.getTime() - Date.now() > MAX_ROLL_GRACE_MS)) {
    throw invalidParam('expires_at', 'expires_at must be in the future and at most 7 days away.');
  }
  // The grace period shortens the old key's life; it never extends it past its own expiry.
  if (graceUntil && k.expires_at && k.expires_at < graceUntil) graceUntil = k.expires_at;
  const rolled = await createKey(
    ctx,
    tx,
    {
      org_id: k.org_id,
      env: k.env as Env,
      name: k.name,
      scopes: k.scopes,
      matter_ids: k.matter_ids,
      user_id: k.user_id,
      expires_at: k.expires_at,
    },
    'api_key.rolled',
    { rolled_from: k.id },
  );
  await tx.apiKey.update({
    where: { id: k.id },
    data: graceUntil
      ? { expires_at: graceUntil, rolled_to: rolled.key_id }
      : { status: 'revoked', revoked_at: new Date(), rolled_to: rolled.key_id },
  });
  return rolled;
}
