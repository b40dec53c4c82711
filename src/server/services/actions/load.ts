import type { Ctx, Db, Tx } from '../../context';
import { isId } from '../../ids';
import { loadOwned } from '../matters/access';

/** An action of the caller's org and environment on a matter the actor may see; else 404. */
export const findAction = (ctx: Ctx, db: Db, id: string) =>
  loadOwned(ctx, 'action', id, isId('action', id), () =>
    db.action.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );

/** The action locked for this transaction, read after the lock, so concurrent moves queue up. */
export async function lockAction(ctx: Ctx, tx: Tx, id: string) {
  const a = await findAction(ctx, tx, id);
  await tx.$queryRaw`SELECT id FROM actions WHERE id = ${a.id} FOR UPDATE`;
  return (await tx.action.findUnique({ where: { id: a.id } }))!;
}
