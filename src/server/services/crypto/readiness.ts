import type { Ctx, Db } from '../../context';
import { inEffect } from '../matters/authority-status';

export interface ReadinessContext {
  authority_in_effect: boolean;
  collection_paused: boolean;
  /** Exchanges (label slugs) the organization has a usable relationship with. */
  relationships: Set<string>;
}

/**
 * What packet readiness of an exchange hypothesis depends on: an authority grant in effect,
 * the matter's sanctions pause (the latest `sanctions.screened` event's
 * `ordinary_collection_paused`, as the judgments sanctions gate reads it) and the exchange
 * relationships. Relationships live in the relationships module: until it is merged no
 * relationship is known, so a hypothesis is at best `needs_relationship`.
 */
export async function readinessContext(ctx: Ctx, db: Db, matterId: string): Promise<ReadinessContext> {
  const scope = { org_id: ctx.org.id, env: ctx.env, matter_id: matterId };
  const [grants, screened] = await Promise.all([
    db.authorityGrant.findMany({ where: scope }),
    db.event.findFirst({ where: { ...scope, type: 'sanctions.screened' }, orderBy: { id: 'desc' } }),
  ]);
  const o = ((screened?.data as { object?: Record<string, unknown> } | undefined)?.object ?? {}) as { ordinary_collection_paused?: unknown };
  return {
    authority_in_effect: grants.some((g) => inEffect(g)),
    collection_paused: o.ordinary_collection_paused === true,
    relationships: new Set<string>(),
  };
}
