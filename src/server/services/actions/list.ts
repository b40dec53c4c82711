import type { Action, Prisma } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';
import { keysetPage, leadOf, listIndexes, listEnvelope, type Page, type PageArgs } from '../paging';
import { loadMatter, listMatterFilter } from '../matters/access';
import { actionOut } from './serialize';

export interface ActionFilters {
  matter_id?: string;
  owner_id?: string;
  campaign_id?: string;
  status?: string;
  due_before?: string;
  due_after?: string;
  sort?: 'due_at';
}

/** A filter's instant: a date-time as given, a calendar date at 00:00 UTC. */
const instant = (v: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);

function whereOf(ctx: Ctx, q: ActionFilters): Prisma.ActionWhereInput {
  const matter = listMatterFilter(ctx, q.matter_id);
  const due: Prisma.DateTimeNullableFilter = {};
  if (q.due_before) due.lt = instant(q.due_before);
  if (q.due_after) due.gt = instant(q.due_after);
  return {
    org_id: ctx.org.id,
    env: ctx.env,
    ...(matter ? { matter_id: matter } : {}),
    ...(q.owner_id ? { owner_id: q.owner_id } : {}),
    ...(q.campaign_id ? { campaign_id: q.campaign_id } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.due_before || q.due_after ? { due_at: due } : {}),
  };
}

/**
 * Keyset paging in due order: earliest due first, undated actions last, ties by id. The cursor
 * is an action id; its due date is read to continue from it, so a cursor that is not an
 * action of this environment is 400.
 */
async function dueOrderPage(ctx: Ctx, db: Db, q: PageArgs, where: Prisma.ActionWhereInput): Promise<Page<Action>> {
  const cursorId = q.starting_after ?? q.ending_before;
  const param = q.starting_after ? 'starting_after' : 'ending_before';
  let after: Prisma.ActionWhereInput = {};
  const backwards = !!q.ending_before;
  if (cursorId) {
    const c = isId('action', cursorId)
      ? await db.action.findFirst({
          where: { id: cursorId, org_id: ctx.org.id, env: ctx.env },
          select: { id: true, due_at: true },
        })
      : null;
    if (!c) throw invalidParam(param, `${param} must be an action of this list.`);
    if (!backwards) {
      after = c.due_at
        ? { OR: [{ due_at: { gt: c.due_at } }, { due_at: c.due_at, id: { gt: c.id } }, { due_at: null }] }
        : { due_at: null, id: { gt: c.id } };
    } else {
      after = c.due_at
        ? { OR: [{ due_at: { lt: c.due_at } }, { due_at: c.due_at, id: { lt: c.id } }] }
        : { OR: [{ due_at: { not: null } }, { due_at: null, id: { lt: c.id } }] };
    }
  }
  const dir = backwards ? 'desc' : 'asc';
  const rows = await db.action.findMany({
    where: { AND: [where, after] },
    orderBy: [{ due_at: { sort: dir, nulls: backwards ? 'first' : 'last' } }, { id: dir }],
    take: q.limit + 1,
  });
  const data = rows.slice(0, q.limit);
  return { data: backwards ? data.reverse() : data, has_more: rows.length > q.limit };
}

async function page(ctx: Ctx, db: Db, q: PageArgs & ActionFilters, url: string) {
  const where = whereOf(ctx, q);
  const now = new Date();
  const p = q.sort === 'due_at' ? await dueOrderPage(ctx, db, q, where) : await newestFirstPage(db, q, where);
  return listEnvelope(p, url, (row) => actionOut(row, now));
}

const ACTION_INDEXES = listIndexes('Action', [
  ['matter_id', 'status'],
  ['matter_id'],
  ['org_id', 'env', 'owner_id'],
  ['org_id', 'env', 'campaign_id'],
  ['org_id', 'env', 'status'],
  ['org_id', 'env'],
]);

function newestFirstPage(db: Db, q: PageArgs, where: Prisma.ActionWhereInput) {
  const { where: rest, lead } = leadOf(where, ACTION_INDEXES);
  return keysetPage(q, (a) => db.action.findMany({ ...a, where: { ...a.where, ...rest } }), lead);
}

/**
 * Actions of the caller's org and environment, newest first (or by due date with
 * sort=due_at), filtered by owner, matter, campaign, status and due date (API-CONTRACT §6).
 */
export const listActions = (ctx: Ctx, db: Db, q: PageArgs & ActionFilters) => page(ctx, db, q, '/v1/actions');

/** One matter's actions, with the same filters and sort. */
export async function listMatterActions(
  ctx: Ctx,
  db: Db,
  matterId: string,
  q: PageArgs & Omit<ActionFilters, 'matter_id'>,
) {
  const m = await loadMatter(ctx, db, matterId);
  return page(ctx, db, { ...q, matter_id: m.id }, `/v1/actions/matters/${m.id}`);
}
