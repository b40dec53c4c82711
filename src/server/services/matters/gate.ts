import type { Ctx, Db } from '../../context';
import { ApiError } from '../../errors';
import { prefixOf } from '../../ids';
import type { Operation } from '../../operations/define';
import { loadWritableMatter } from './access';
import { gateRefusal } from './authority-status';
import { operationNeedsLicense } from '../sanctions/collection-operations';
import { assertCollectionNotPaused } from '../sanctions/pause';

/**
 * How a gated operation finds its parent matter when the body has no `matter_id`: by the
 * prefix of the object id in the path. Each module that owns gated objects adds its row.
 * A resolver scopes by org and env and returns null when the object is not visible.
 */
export type Resolver = (ctx: Ctx, db: Db, id: string) => Promise<string | null>;
export const byOwner =
  (find: (db: Db) => { findFirst(a: object): Promise<{ matter_id: string } | null> }): Resolver =>
  async (ctx, db, id) =>
    (await find(db).findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env }, select: { matter_id: true } }))
      ?.matter_id ?? null;

export const MATTER_RESOLVERS: Record<string, Resolver> = {
  mtr: async (_ctx, _db, id) => id,
  cla: byOwner((db) => db.claimant),
  jdg: byOwner((db) => db.judgment),
  act: byOwner((db) => db.action),
  pac: byOwner((db) => db.packet),
  rem: byOwner((db) => db.issuerRemediation),
  dwc: byOwner((db) => db.destinationWalletCertificate),
};

/** Paths whose object, once resolved, gives the matter (first path param with a known prefix). */
async function resolveMatterId(
  ctx: Ctx,
  db: Db,
  op: Operation,
  input: { params: Record<string, string>; body: unknown },
) {
  const body = input.body as { matter_id?: unknown };
  if (typeof body?.matter_id === 'string') return { id: body.matter_id, param: 'matter_id' };
  for (const name of op.pathParams) {
    const id = input.params[name];
    const resolver = MATTER_RESOLVERS[prefixOf(id) ?? ''];
    if (!resolver) continue;
    const matterId = await resolver(ctx, db, id);
    if (!matterId) throw new ApiError('not_found', `No such ${name.replace(/_id$/, '')}: '${id}'`);
    return { id: matterId, param: undefined };
  }
  throw new ApiError(
    'not_found',
    `No such ${op.pathParams[0]?.replace(/_id$/, '') ?? 'object'}: '${input.params[op.pathParams[0]] ?? ''}'`,
  );
}

/**
 * The authority gate (API-CONTRACT §8): after authentication, scope, validation and tenancy,
 * a gated operation runs only while its matter has a grant that is granted, in effect and not
 * expired. Runs in the operation's transaction. It never passes softly. For the collection
 * operations that move property (services/sanctions/collection-operations.ts: turnover,
 * remittance, issuer freeze, burn/reissue) it then refuses a matter whose ordinary collection
 * is paused by an uncleared sanctions match: 403 collection_paused, as they need an OFAC license.
 * Restraint and preservation pass: blocking allows them.
 */
export async function enforceGate(
  ctx: Ctx,
  db: Db,
  op: Operation,
  input: { params: Record<string, string>; body: unknown },
) {
  const { id, param } = await resolveMatterId(ctx, db, op, input);
  const matter = await assertMatterAuthority(ctx, db, id, param);
  // The sanctions pause (§15) stops the license-bound collection operations here, in the one
  // gate both transports run, so no handler can forget it.
  if (operationNeedsLicense(op, input.body)) await assertCollectionNotPaused(ctx, db, matter.id);
  return matter;
}

/**
 * The gate's check for one matter, for a service that acts on several matters' objects in one
 * call (bulk assignment, actions from a plan): the matter is writable and has a grant in effect.
 */
export async function assertMatterAuthority(ctx: Ctx, db: Db, matterId: string, param?: string) {
  const matter = await loadWritableMatter(ctx, db, matterId, param);
  const grants = await db.authorityGrant.findMany({
    where: { matter_id: matter.id, org_id: ctx.org.id, env: ctx.env },
    select: { status: true, effective_at: true, expires_at: true },
  });
  const refusal = gateRefusal(matter.id, grants);
  if (refusal) throw new ApiError('authority_required', refusal, { details: { matter_id: matter.id } });
  return matter;
}
