import type { Ctx, Db } from '../../context';
import { ApiError } from '../../errors';
import { clearanceKey, unresolvedMatches, type ScreenMatch } from '../../domain/sanctions/screen';

/**
 * The matter's sanctions pause (API-CONTRACT §15): `ordinary_collection_paused` is true while
 * any match or potential match of the matter's screens is not cleared by a review decision.
 * A cleared review clears exactly its own subjects against their SDN entries; a blocked one
 * clears nothing (the property stays blocked).
 */
export async function matterPause(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, matterId: string) {
  return (await matterPauses(ctx, db, [matterId])).get(matterId)!;
}

type Pause = { paused: boolean; unresolved: ScreenMatch[]; cleared: Set<string> };

/** matterPause of several matters (a list page's), in the same two queries as one. */
export async function matterPauses(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, matterIds: string[]) {
  const ids = [...new Set(matterIds)];
  const out = new Map<string, Pause>();
  if (!ids.length) return out;
  const scope = { org_id: ctx.org.id, env: ctx.env, matter_id: ids.length === 1 ? ids[0] : { in: ids } };
  const [screens, cleared] = await Promise.all([
    db.sanctionsScreen.findMany({
      where: { ...scope, status: { not: 'clear' } },
      select: { matter_id: true, matches: true },
      orderBy: { id: 'asc' },
    }),
    db.sanctionsReview.findMany({ where: { ...scope, status: 'cleared' }, select: { matter_id: true, matches: true } }),
  ]);
  const matchesOf = (rows: { matter_id: string; matches: unknown }[], id: string) =>
    rows.filter((r) => r.matter_id === id).map((r) => r.matches as ScreenMatch[]);
  for (const id of ids) {
    const keys = new Set(matchesOf(cleared, id).flatMap((ms) => ms.map(clearanceKey)));
    const unresolved = unresolvedMatches(
      matchesOf(screens, id).map((matches) => ({ matches })),
      keys,
    );
    out.set(id, { paused: unresolved.length > 0, unresolved, cleared: keys });
  }
  return out;
}

/** Refuses a collection operation while the matter is paused: 403 collection_paused, naming
 *  the matter, the unresolved subjects and, when given, what was refused (`act`, e.g. "Sending
 *  packet pac_…"). */
export async function assertCollectionNotPaused(ctx: Ctx, db: Db, matterId: string, act?: string) {
  const { paused, unresolved } = await matterPause(ctx, db, matterId);
  if (!paused) return;
  const subjects = [...new Set(unresolved.map((m) => `${m.subject_type} '${m.subject}'`))];
  const shown = subjects.slice(0, 3).join(', ') + (subjects.length > 3 ? ` and ${subjects.length - 3} more` : '');
  throw new ApiError(
    'collection_paused',
    `${act ? `${act} is refused. ` : ''}Ordinary collection on matter ${matterId} is paused: ${unresolved.length} sanctions match${unresolved.length === 1 ? '' : 'es'} (${shown}) not cleared by a review decision. Counsel must clear them in a sanctions review first (POST /v1/packets/sanctions-review or /v1/sanctions/review-packet).`,
    { details: { matter_id: matterId, unresolved_matches: unresolved.length } },
  );
}
