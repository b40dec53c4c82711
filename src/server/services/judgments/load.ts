import type { Ctx, Db, Tx } from '../../context';
import { isId } from '../../ids';
import { loadOwned } from '../matters/access';
import { latest } from '../paging';

/** A judgment of the caller's org and environment that the actor may see; anything else is 404. */
export const findJudgment = (ctx: Ctx, db: Db, id: string, param?: string) =>
  loadOwned(
    ctx,
    'judgment',
    id,
    isId('judgment', id),
    () => db.judgment.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );

/** A judgment's latest validation run, or null. */
export const latestValidation = (db: Db, judgmentId: string) =>
  latest((a) => db.judgmentValidation.findMany(a), { judgment_id: judgmentId });

/**
 * The judgment row locked for this transaction (FOR UPDATE), read after the lock: concurrent
 * writers of one judgment queue up, so a status move is always checked against the state it
 * changes.
 */
export async function lockJudgment(ctx: Ctx, tx: Tx, id: string) {
  const j = await findJudgment(ctx, tx, id);
  await tx.$queryRaw`SELECT id FROM judgments WHERE id = ${j.id} FOR UPDATE`;
  return (await tx.judgment.findUnique({ where: { id: j.id } }))!;
}
