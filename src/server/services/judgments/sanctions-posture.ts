import type { Ctx, Db } from '../../context';
import type { SanctionsPosture } from '../../domain/judgments/validation-gates';

/**
 * The matter's sanctions posture for the `sanctions` gate. The sanctions module is not built
 * yet, so this reads the contract's event record instead of that module's tables: the latest
 * `sanctions.screened` event of the matter (API-CONTRACT §10), whose object is the screen
 * result `{status, ordinary_collection_paused}` (§9). No event means "no screening on record",
 * which the gate reports as `review` with a required screening, never as a pass.
 * When the sanctions module lands, it should answer this from its own rows.
 */
export async function matterSanctionsPosture(ctx: Ctx, db: Db, matterId: string): Promise<SanctionsPosture> {
  const e = await db.event.findFirst({
    where: { org_id: ctx.org.id, env: ctx.env, matter_id: matterId, type: 'sanctions.screened' },
    orderBy: { id: 'desc' },
  });
  if (!e) return { screened: false, unresolved_match: false, screened_at: null, source: 'no sanctions.screened event for this matter' };
  const o = ((e.data as { object?: Record<string, unknown> }).object ?? {}) as { status?: unknown; ordinary_collection_paused?: unknown; review_id?: unknown };
  const unresolved = o.ordinary_collection_paused === true || (o.status !== undefined && o.status !== 'clear');
  return {
    screened: true,
    unresolved_match: unresolved,
    screened_at: e.created_at.toISOString(),
    source: `sanctions screen ${typeof o.review_id === 'string' ? o.review_id : e.id}`,
  };
}
