import type { Organization } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import { API_VERSION } from '../../config';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { descendantIds, isOrgAdmin, loadAccessibleOrg } from './access';
import { assertOrgWide } from '../../auth/grant-rules';

export const ORG_TYPES = ['operator_internal', 'counsel', 'recovery_operator', 'partner'] as const;
export const ORG_FEATURES = [
  'production_access',
  'network_attribution',
  'issuer_remediation',
  'sanctions_reporting',
  'console',
] as const;
/** Features only a parent (onboarding review) may change; the root organization is its own reviewer. */
const REVIEWED_FEATURES = ['production_access'];

/**
 * `parent_id` is shown only to the parent's side of the tree: a child never learns its
 * parent's id (API-CONTRACT §3), so the caller's own organization shows null.
 */
export function orgOut(o: Organization, viewerOrgId: string) {
  return {
    object: 'organization' as const,
    organization_id: o.id,
    name: o.name,
    type: o.type,
    parent_id: o.id === viewerOrgId ? null : o.parent_id,
    features: o.features,
    retention_policy: o.retention_policy,
    api_version: o.pinned_version,
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
  };
}

/**
 * Creates a child organization of the caller's organization. The operation's declared scope
 * (`org:write`, checked by the wrapper) is what it takes; reading and administering the child
 * afterwards is what needs an admin key (API-CONTRACT §3).
 */
export async function createOrganization(
  ctx: Ctx,
  tx: Tx,
  input: { name: string; type: string; retention_policy?: string | null },
) {
  assertOrgWide(ctx, 'create child organizations');
  const o = await tx.organization.create({
    data: {
      id: newId('organization'),
      parent_id: ctx.org.id,
      name: input.name,
      type: input.type,
      retention_policy: input.retention_policy ?? null,
      features: [],
      pinned_version: API_VERSION,
    },
  });
  const out = orgOut(o, ctx.org.id);
  await recordChange(ctx, tx, {
    event_type: 'organization.created',
    object_type: 'organization',
    object_id: o.id,
    matter_id: null,
    details: { name: o.name, parent_id: o.parent_id },
    data: out,
  });
  return out;
}

/** The caller's organization and, for an org admin, its descendants. */
export async function listOrganizations(ctx: Ctx, db: Db, q: PageArgs) {
  const ids = [ctx.org.id, ...(isOrgAdmin(ctx) ? await descendantIds(db, ctx.org.id) : [])];
  const page = await keysetPage(q, (a) =>
    db.organization.findMany({ ...a, where: { id: { ...a.where.id, in: ids } } }),
  );
  return listEnvelope(page, '/v1/organizations', (o) => orgOut(o, ctx.org.id));
}

export async function getOrganization(ctx: Ctx, db: Db, id: string) {
  return orgOut(await loadAccessibleOrg(ctx, db, id), ctx.org.id);
}

export async function updateOrganization(
  ctx: Ctx,
  tx: Tx,
  id: string,
  patch: { name?: string; retention_policy?: string | null; features?: string[]; reason?: string | null },
) {
  assertOrgWide(ctx, 'change the organization');
  const o = await loadAccessibleOrg(ctx, tx, id);
  let changed: string[] = [];
  if (patch.features) {
    changed = REVIEWED_FEATURES.filter((f) => patch.features!.includes(f) !== o.features.includes(f));
    // The root reviews itself; any other organization is reviewed by an ancestor, never by itself.
    const reviewer = o.parent_id === null ? o.id === ctx.org.id : o.id !== ctx.org.id;
    if (changed.length && !(reviewer && isOrgAdmin(ctx))) {
      throw new ApiError(
        'insufficient_scope',
        `Only the parent organization's admin key may change: ${changed.join(', ')}.`,
        { param: 'features', fields: { required_scope: 'org:*' } },
      );
    }
    // An ancestor reviews only what it was reviewed for: a child organization that has not
    // been given production access itself cannot hand it to (or take it from) its children.
    // The root is the reviewer of last resort.
    if (changed.length && o.id !== ctx.org.id) {
      const self = await tx.organization.findUnique({ where: { id: ctx.org.id } });
      if (self?.parent_id !== null && !self?.features.includes('production_access')) {
        throw new ApiError(
          'production_access_not_enabled',
          `Organization ${ctx.org.id} has no production access itself, so it cannot change ${changed.join(', ')} of its children.`,
          { param: 'features' },
        );
      }
    }
  }
  const updated = await tx.organization.update({
    where: { id: o.id },
    data: {
      name: patch.name,
      retention_policy: patch.retention_policy,
      features: patch.features ? [...new Set(patch.features)] : undefined,
    },
  });
  const out = orgOut(updated, ctx.org.id);
  const { reason, ...fields } = patch;
  await recordChange(ctx, tx, {
    event_type: 'organization.updated',
    object_type: 'organization',
    object_id: o.id,
    matter_id: null,
    // An onboarding review is on record with who decided (the event's actor) and why.
    details: {
      changed: Object.keys(fields),
      ...(changed.length
        ? {
            review: {
              granted: changed.filter((f) => updated.features.includes(f)),
              withdrawn: changed.filter((f) => !updated.features.includes(f)),
              reviewer_org_id: ctx.org.id,
              reason: reason?.trim() || null,
            },
          }
        : {}),
    },
    data: out,
  });
  return out;
}

/**
 * What the console's Organization page shows: the caller's organization, whether the caller
 * may change its reviewed features (only the root's own admin may: any other organization is
 * reviewed by its parent), and, for an org admin, its direct children, which it reviews.
 */
export async function organizationSettings(ctx: Ctx, db: Db) {
  const o = (await db.organization.findUnique({ where: { id: ctx.org.id } }))!;
  const admin = isOrgAdmin(ctx);
  const children = admin
    ? await db.organization.findMany({ where: { parent_id: o.id }, orderBy: { id: 'asc' }, take: 100 })
    : [];
  return {
    organization: orgOut(o, ctx.org.id),
    reviews_own_features: admin && o.parent_id === null,
    reviewed_features: REVIEWED_FEATURES,
    children: children.map((c) => ({
      ...orgOut(c, ctx.org.id),
      // An unreviewed (non-root) organization cannot review its own children (updateOrganization).
      reviewable: o.parent_id === null || o.features.includes('production_access'),
    })),
  };
}
