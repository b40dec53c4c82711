import type { Ctx, Db } from '../../context';
import { isId } from '../../ids';
import { loadOwned } from '../matters/access';

/** A judgment of the caller's org and environment that the actor may see; anything else is 404. */
export const findJudgment = (ctx: Ctx, db: Db, id: string, param?: string) =>
  loadOwned(ctx, 'judgment', id, isId('judgment', id), () => db.judgment.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }), param);
