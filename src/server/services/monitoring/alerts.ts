import type { Prisma } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { isId } from '../../ids';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { loadOwned, listMatterFilter } from '../matters/access';
import { alertOut } from './serialize';

export interface AlertFilters {
  matter_id?: string;
  status?: string;
  severity?: string;
  type?: string;
  watchlist_id?: string;
}

/** An alert of the caller's org/env on a matter the actor sees; else 404. */
export const findAlert = (ctx: Ctx, db: Db, id: string, param?: string) =>
  loadOwned(
    ctx,
    'alert',
    id,
    isId('alert', id),
    () => db.alert.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );

/** The alert locked for this transaction, read after the lock, so concurrent triages queue up. */
export async function lockAlert(ctx: Ctx, tx: Tx, id: string) {
  const a = await findAlert(ctx, tx, id);
  await tx.$queryRaw`SELECT id FROM alerts WHERE id = ${a.id} FOR UPDATE`;
  return (await tx.alert.findUnique({ where: { id: a.id } }))!;
}

/** One alert with its evidence, rule, watchlist and triage. */
export async function getAlert(ctx: Ctx, db: Db, id: string) {
  return alertOut(await findAlert(ctx, db, id));
}

// A matter's alerts of one status walk (matter_id, status, id): in a matter of 1,000,000 alerts
// with few still new, the (matter_id, id) walk would read past every triaged one. A watchlist
// belongs to one matter, so its indexes come first.
const ALERT_INDEXES = listIndexes('Alert', [
  ['watchlist_id', 'status'],
  ['watchlist_id'],
  ['matter_id', 'status'],
  ['matter_id'],
  ['org_id', 'env', 'status'],
  ['org_id', 'env'],
]);

/** The filter and lead (paging.ts) of a list of the caller's alerts, newest first. */
export function alertListWhere(ctx: Ctx, q: AlertFilters) {
  const matter = listMatterFilter(ctx, q.matter_id);
  const where: Prisma.AlertWhereInput = {
    org_id: ctx.org.id,
    env: ctx.env,
    ...(matter ? { matter_id: matter } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.severity ? { severity: q.severity } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.watchlist_id ? { watchlist_id: q.watchlist_id } : {}),
  };
  return leadOf(where, ALERT_INDEXES);
}

/**
 * Alerts of the caller's org/env, newest first, filtered by matter, status, severity, type and
 * watchlist (API-CONTRACT §6; a value outside the vocabularies is 400 in the schema).
 */
export async function listAlerts(ctx: Ctx, db: Db, q: PageArgs & AlertFilters) {
  const { where, lead } = alertListWhere(ctx, q);
  const page = await keysetPage(q, (a) => db.alert.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  return listEnvelope(page, '/v1/alerts', alertOut);
}

/** Alerts still to be worked (new, actionable or under monitoring): the matter dashboard's `alerts` count. */
export const OPEN_ALERT_STATUSES = ['new', 'actionable', 'monitoring'] as const;
