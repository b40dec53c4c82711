import type { Ctx, Db } from '../../context';
import { inEffect } from '../matters/authority-status';
import { exchangeRelationships } from '../relationships/exchanges';
import { matterPause } from '../sanctions/pause';

export interface ReadinessContext {
  authority_in_effect: boolean;
  collection_paused: boolean;
  /** Exchanges (label slugs) the organization has a usable relationship with. */
  relationships: Set<string>;
}

/**
 * What packet readiness of an exchange hypothesis depends on: an authority grant in effect,
 * the matter's sanctions pause (any screen match not cleared by a review, as the collection
 * gate reads it) and the organization's exchange relationships.
 */
export async function readinessContext(ctx: Ctx, db: Db, matterId: string): Promise<ReadinessContext> {
  const [grants, pause, relationships] = await Promise.all([
    db.authorityGrant.findMany({ where: { org_id: ctx.org.id, env: ctx.env, matter_id: matterId } }),
    matterPause(ctx, db, matterId),
    exchangeRelationships(ctx, db),
  ]);
  return { authority_in_effect: grants.some((g) => inEffect(g)), collection_paused: pause.paused, relationships };
}
