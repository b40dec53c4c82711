import type { Ctx, Db, Tx } from '../../context';
import { isId, newId } from '../../ids';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { loadMatter, loadOwned, loadWritableMatter } from './access';
import { claimantOut } from './serialize';

export const CLAIMANT_ROLES = ['claimant', 'creditor', 'assignee', 'recovery_interest_holder'] as const;

export const DEFAULT_REVIEW_STATE = {
  review_required: false,
  review_status: 'not_required',
  review_owner: null,
  review_notes: null,
};

export interface ClaimantInput {
  name: string;
  role: string;
  economics?: Record<string, unknown>;
  source_refs?: object[];
  review_state?: Record<string, unknown>;
}

export async function createClaimant(ctx: Ctx, tx: Tx, matterId: string, input: ClaimantInput) {
  const m = await loadWritableMatter(ctx, tx, matterId);
  const c = await tx.claimant.create({
    data: {
      id: newId('claimant'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      name: input.name,
      role: input.role,
      economics: (input.economics ?? {}) as object,
      source_refs: input.source_refs ?? [],
      review_state: { ...DEFAULT_REVIEW_STATE, ...input.review_state },
    },
  });
  const out = claimantOut(c);
  await recordChange(ctx, tx, {
    event_type: 'claimant.created',
    object_type: 'claimant',
    object_id: c.id,
    matter_id: m.id,
    details: { name: c.name, role: c.role },
    data: out,
  });
  return out;
}

export async function listClaimants(ctx: Ctx, db: Db, matterId: string, q: PageArgs) {
  const m = await loadMatter(ctx, db, matterId);
  const page = await keysetPage(q, (a) => db.claimant.findMany(a), { matter_id: m.id });
  return listEnvelope(page, `/v1/matters/${m.id}/claimants`, claimantOut);
}

const findClaimant = (ctx: Ctx, db: Db, id: string) =>
  loadOwned(ctx, 'claimant', id, isId('claimant', id), () =>
    db.claimant.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );

export async function getClaimant(ctx: Ctx, db: Db, id: string) {
  return claimantOut(await findClaimant(ctx, db, id));
}

export async function updateClaimant(
  ctx: Ctx,
  tx: Tx,
  id: string,
  patch: { name?: string; economics?: Record<string, unknown>; review_state?: Record<string, unknown> },
) {
  const c = await findClaimant(ctx, tx, id);
  await loadWritableMatter(ctx, tx, c.matter_id);
  const updated = await tx.claimant.update({
    where: { id: c.id },
    data: {
      name: patch.name,
      economics: patch.economics ? ({ ...(c.economics as object), ...patch.economics } as object) : undefined,
      review_state: patch.review_state
        ? ({ ...(c.review_state as object), ...patch.review_state } as object)
        : undefined,
    },
  });
  const out = claimantOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'claimant.updated',
    object_type: 'claimant',
    object_id: c.id,
    matter_id: c.matter_id,
    details: { changed: Object.keys(patch) },
    data: out,
  });
  return out;
}
