/**
 * The operator's path to production (`npm run ops`): a deployment's operator, at the database
 * rather than through a key, grants an organization production access after its onboarding
 * review and issues its first key. Both run the very services the API and the console run,
 * with the operator acting as the admin of the reviewing organization (the parent, or the root
 * for itself), so every rule holds and both acts are audited with who and why.
 */
import type { Organization, PrismaClient } from '@/generated/prisma/client';
import type { Ctx, Env } from '../../context';
import { API_VERSION } from '../../config';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import { transaction } from '../../db/transaction';
import { issueKey } from './api-keys';
import { updateOrganization } from './organizations';

/** The operator's audit actor id, e.g. `operator:alice`. */
const actorId = (operator: string) => `operator:${operator.replace(/[^\w.@-]/g, '_').slice(0, 80) || 'unknown'}`;

function operatorCtx(org: Organization, env: Env, operator: string): Ctx {
  return {
    org: { id: org.id, parent_id: org.parent_id, features: org.features, pinned_version: org.pinned_version },
    env,
    actor: { id: actorId(operator), key_id: null, user_id: null, scopes: ['*'], roles: null, matter_ids: null },
    requestId: newId('request'),
    version: API_VERSION,
    idempotencyKey: null,
    origin: process.env.MD_PUBLIC_URL?.replace(/\/$/, '') ?? '',
    auditRef: null,
  };
}

/** The named organization, or the root when none is named. */
async function target(db: PrismaClient, orgId: string | undefined) {
  const org = orgId
    ? await db.organization.findUnique({ where: { id: orgId } })
    : await db.organization.findFirst({ where: { parent_id: null }, orderBy: { id: 'asc' } });
  if (!org)
    throw new ApiError(
      'not_found',
      orgId ? `No organization ${orgId}.` : 'No organization yet: start the server once (first run) first.',
      { param: 'org' },
    );
  return org;
}

/** Grants (or withdraws) production access as the reviewing organization's admin, with a reason. */
export async function setProductionAccess(
  db: PrismaClient,
  input: { orgId?: string; reason: string; operator: string; withdraw?: boolean },
) {
  if (!input.reason.trim())
    throw new ApiError('parameter_missing', 'Give the review reason (--reason).', { param: 'reason' });
  const org = await target(db, input.orgId);
  const reviewer = org.parent_id ? await target(db, org.parent_id) : org;
  const features = input.withdraw
    ? org.features.filter((f) => f !== 'production_access')
    : [...new Set([...org.features, 'production_access'])];
  const ctx = operatorCtx(reviewer, 'production', input.operator);
  const out = await transaction(db, (tx) => updateOrganization(ctx, tx, org.id, { features, reason: input.reason }));
  return { ...out, audit_ref: ctx.auditRef };
}

/** Issues a key of the organization (production needs production access), secret returned once. */
export async function issueOperatorKey(
  db: PrismaClient,
  input: {
    orgId?: string;
    environment: Env;
    scopes: string[];
    name?: string | null;
    expires_at?: string | null;
    operator: string;
  },
) {
  const org = await target(db, input.orgId);
  return transaction(db, (tx) =>
    issueKey(operatorCtx(org, input.environment, input.operator), tx, org.id, {
      name: input.name ?? null,
      environment: input.environment,
      scopes: input.scopes,
      expires_at: input.expires_at ?? null,
    }),
  );
}

/** Every organization (id, name, parent, features), for finding the one to act on. */
export const listAllOrganizations = (db: PrismaClient) =>
  db.organization.findMany({ orderBy: { id: 'asc' }, take: 1000 });
