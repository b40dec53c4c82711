import type { Ctx, Db } from '../../context';
import { prefixOf } from '../../ids';
import { byOwner, MATTER_RESOLVERS, type Resolver } from '../matters/gate';

/**
 * Where an object named by a custom audit event lives, by its id prefix (ids.ts): the matter of
 * a matter-owned object, ORG_WIDE for an object of the organization (a relationship, a user, a
 * key …), null when no such object is visible to the caller (other organization or
 * environment, or no such row). Every lookup is scoped by org and env.
 *
 * Why: an export's audit trail, a matter's audit list and its verification gather events by
 * object id, so an event written on matter A that names matter B's packet would show up in B's
 * packet export. createCustomAudit refuses an object_id that is not on the event's matter.
 */
export const ORG_WIDE = '';

const orgWide =
  (find: (db: Db) => { findFirst(a: object): Promise<object | null> }): Resolver =>
  async (ctx, db, id) =>
    (await find(db).findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env }, select: { id: true } }))
      ? ORG_WIDE
      : null;

const RESOLVERS: Record<string, Resolver> = {
  // The gate's table (matter, claimant, judgment, action, packet, remediation, certificate) …
  ...MATTER_RESOLVERS,
  // … and every other matter-owned row.
  rep: byOwner((db) => db.report),
  aut: byOwner((db) => db.authorityGrant),
  val: byOwner((db) => db.judgmentValidation),
  dl: byOwner((db) => db.judgmentDeadline),
  plan: byOwner((db) => db.enforcementPlan),
  led: byOwner((db) => db.ledgerEntry),
  con: byOwner((db) => db.contactLog),
  map: byOwner((db) => db.assetMap),
  wal: byOwner((db) => db.attributionWallet),
  clm: byOwner((db) => db.attributionClaim),
  gra: byOwner((db) => db.attributionGraph),
  net: byOwner((db) => db.networkAttribution),
  wat: byOwner((db) => db.watchlist),
  ale: byOwner((db) => db.alert),
  ofr: byOwner((db) => db.ofacReport),
  exp: byOwner((db) => db.export),
  // Screens and reviews share the prefix.
  rev: async (ctx, db, id) =>
    (await byOwner((d) => d.sanctionsScreen)(ctx, db, id)) ?? byOwner((d) => d.sanctionsReview)(ctx, db, id),
  // Rows whose matter may be null (an organization's own events).
  eve: async (ctx, db, id) => {
    const e = await db.auditEvent.findFirst({
      where: { id, org_id: ctx.org.id, env: ctx.env },
      select: { matter_id: true },
    });
    return e ? (e.matter_id ?? ORG_WIDE) : null;
  },
  evt: async (ctx, db, id) => {
    const e = await db.event.findFirst({
      where: { id, org_id: ctx.org.id, env: ctx.env },
      select: { matter_id: true },
    });
    return e ? (e.matter_id ?? ORG_WIDE) : null;
  },
  // Organization-wide objects.
  org: async (ctx, _db, id) => (id === ctx.org.id ? ORG_WIDE : null),
  usr: async (ctx, db, id) =>
    (await db.user.findFirst({ where: { id, org_id: ctx.org.id }, select: { id: true } })) ? ORG_WIDE : null,
  key: orgWide((db) => db.apiKey),
  we: orgWide((db) => db.webhookEndpoint),
  rel: orgWide((db) => db.relationship),
  cou: orgWide((db) => db.counterparty),
};

/**
 * Does `id` name an object the caller may cite on matter `matterId`? An object of this matter,
 * or of the organization; a timeline (kept only in the audit log) this matter built. Ids with no
 * stored object behind them (request ids, exchange hypotheses) and free text pass: no trail or
 * list can tie them to another matter.
 */
export async function citableOnMatter(ctx: Ctx, db: Db, matterId: string, id: string): Promise<boolean> {
  const prefix = prefixOf(id);
  if (prefix === 'tml') {
    const built = await db.auditEvent.findFirst({
      where: {
        matter_id: matterId,
        object_type: 'transaction_timeline',
        object_id: id,
        org_id: ctx.org.id,
        env: ctx.env,
      },
      select: { id: true },
    });
    return !!built;
  }
  const resolve = prefix ? RESOLVERS[prefix] : undefined;
  if (!resolve) return true;
  const at = await resolve(ctx, db, id);
  return at === matterId || at === ORG_WIDE;
}
