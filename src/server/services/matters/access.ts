import type { Ctx, Db } from '../../context';
import { ApiError, notFound } from '../../errors';
import { isId } from '../../ids';

/** Can this actor see this matter at all? (key and user matter restrictions) */
export const canSeeMatter = (ctx: Ctx, matterId: string) =>
  ctx.actor.matter_ids === null || ctx.actor.matter_ids.includes(matterId);

/** Prisma `where` fragment limiting matter-owned rows to what the actor may see. */
export function matterFilter(ctx: Ctx): { in: string[] } | undefined {
  return ctx.actor.matter_ids === null ? undefined : { in: ctx.actor.matter_ids };
}

/**
 * A list's matter_id filter: the matter asked for, else what the actor may see. A matter outside
 * a restricted key's matters matches nothing (never a 403 or a leak).
 */
export function listMatterFilter(ctx: Ctx, matterId?: string): string | { in: string[] } | undefined {
  if (!matterId) return matterFilter(ctx);
  return canSeeMatter(ctx, matterId) ? matterId : { in: [] };
}

/**
 * Loads a matter of the caller's organization and environment that the actor may see.
 * Anything else — malformed id, other tenant, other environment, restricted key — is the same
 * 404, so the answer never reveals that an object exists elsewhere.
 */
export async function loadMatter(ctx: Ctx, db: Db, id: string, param?: string) {
  const m =
    isId('matter', id) && canSeeMatter(ctx, id)
      ? await db.matter.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } })
      : null;
  if (!m) throw notFound('matter', id, param);
  return m;
}

/** A matter that may be written to: visible and not closed. */
export async function loadWritableMatter(ctx: Ctx, db: Db, id: string, param?: string) {
  const m = await loadMatter(ctx, db, id, param);
  assertOpen(m);
  return m;
}

export function assertOpen(m: { id: string; status: string }) {
  if (m.status === 'closed') {
    throw new ApiError('matter_closed', `Matter ${m.id} is closed; it accepts no further changes.`);
  }
}

/**
 * Loads a matter-owned row by id with the same 404 rules. `find` must already scope by
 * org_id and env; this adds the matter restriction of the actor.
 */
export async function loadOwned<T extends { matter_id: string }>(
  ctx: Ctx,
  kind: string,
  id: string,
  valid: boolean,
  find: () => Promise<T | null>,
  param?: string,
): Promise<T> {
  const row = valid ? await find() : null;
  if (!row || !canSeeMatter(ctx, row.matter_id)) throw notFound(kind, id, param);
  return row;
}
