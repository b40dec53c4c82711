import type { Ctx, Db, Tx } from '../../context';
import { invalidParam, invalidTransition, notFound } from '../../errors';
import { isId } from '../../ids';
import { newId } from '../../ids';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { loadMatter, loadWritableMatter } from './access';
import { grantStatus } from './authority-status';
import { grantOut } from './serialize';
import { matterChanged } from './matter-cache';

export const AUTHORITY_BASES = [
  'engagement_letter',
  'assignment',
  'court_order',
  'power_of_attorney',
  'receivership',
  'statutory',
] as const;

export interface GrantInput {
  basis: string;
  granted_by: string;
  holder_user_id?: string | null;
  effective_at?: string;
  expires_at?: string | null;
  source_refs: object[];
  notes?: string | null;
}

/** Grants authority on a matter; the grant is what lets gated operations run. */
export async function grantAuthority(ctx: Ctx, tx: Tx, matterId: string, input: GrantInput) {
  const m = await loadWritableMatter(ctx, tx, matterId);
  const effective = input.effective_at ? new Date(input.effective_at) : new Date();
  const expires = input.expires_at ? new Date(input.expires_at) : null;
  if (expires && expires <= effective) throw invalidParam('expires_at', 'expires_at must be after effective_at.');
  if (input.holder_user_id) {
    const u = isId('user', input.holder_user_id)
      ? await tx.user.findFirst({ where: { id: input.holder_user_id, org_id: ctx.org.id } })
      : null;
    if (!u) throw notFound('user', input.holder_user_id, 'holder_user_id');
  }
  matterChanged(tx, m.id);
  const g = await tx.authorityGrant.create({
    data: {
      id: newId('authority_grant'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      basis: input.basis,
      granted_by: input.granted_by,
      holder_user_id: input.holder_user_id ?? null,
      effective_at: effective,
      expires_at: expires,
      source_refs: input.source_refs,
      notes: input.notes ?? null,
    },
  });
  const out = grantOut(g);
  await recordChange(ctx, tx, {
    event_type: 'authority.granted',
    object_type: 'authority_grant',
    object_id: g.id,
    matter_id: m.id,
    details: { basis: g.basis, granted_by: g.granted_by, expires_at: out.expires_at },
    data: out,
  });
  return out;
}

export async function listGrants(ctx: Ctx, db: Db, matterId: string, q: PageArgs) {
  const m = await loadMatter(ctx, db, matterId);
  const page = await keysetPage(q, (a) => db.authorityGrant.findMany(a), { matter_id: m.id });
  return listEnvelope(page, `/v1/matters/${m.id}/authority`, grantOut);
}

export async function revokeGrant(
  ctx: Ctx,
  tx: Tx,
  matterId: string,
  grantId: string,
  input: { reason?: string | null },
) {
  const m = await loadWritableMatter(ctx, tx, matterId);
  const g = isId('authority_grant', grantId)
    ? await tx.authorityGrant.findFirst({ where: { id: grantId, matter_id: m.id } })
    : null;
  if (!g) throw notFound('authority grant', grantId);
  const current = grantStatus(g);
  if (current !== 'granted') throw invalidTransition('authority grant', current, 'revoked', []);
  matterChanged(tx, m.id);
  const updated = await tx.authorityGrant.update({
    where: { id: g.id },
    data: { status: 'revoked', revoked_at: new Date() },
  });
  const out = grantOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'authority.revoked',
    object_type: 'authority_grant',
    object_id: g.id,
    matter_id: m.id,
    details: { reason: input.reason ?? null },
    data: out,
  });
  return out;
}
