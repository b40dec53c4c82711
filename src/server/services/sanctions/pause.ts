import type { Ctx, Db } from '../../context';
import { ApiError } from '../../errors';
import { clearanceKey, unresolvedMatches, type ScreenMatch } from '../../domain/sanctions/screen';
import {
  judicialProcessRule,
  LICENSE_REASON,
  licenseRefusal,
  LICENSE_RULE,
} from '../../domain/sanctions/blocked-property';

/**
 * The matter's sanctions pause (API-CONTRACT §15): `ordinary_collection_paused` is true while
 * any match or potential match of the matter's screens is not cleared by a review decision.
 * A cleared review clears exactly its own subjects against their SDN entries; a blocked one
 * clears nothing (the property stays blocked).
 */
export async function matterPause(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, matterId: string) {
  return (await matterPauses(ctx, db, [matterId])).get(matterId)!;
}

/** The pause as the matter, its list and its dashboard show it (`collection_paused`), or null. */
export interface CollectionPaused {
  reason: string;
  /** The review deciding the open matches: a blocking one first, else one in review; null
   *  until a review is opened. */
  sanctions_review_id: string | null;
  review_status: string | null;
  /** When the first screen whose match is still open was recorded. */
  since: string;
  unresolved_matches: number;
}

type Pause = {
  paused: boolean;
  unresolved: ScreenMatch[];
  cleared: Set<string>;
  collection_paused: CollectionPaused | null;
};

/** Review statuses in the order a pause names them: a confirmed block before an open review. */
const REVIEW_RANK: Record<string, number> = { reported: 0, blocked: 1, in_review: 2 };

/** matterPause of several matters (a list page's), in the same two queries as one. */
export async function matterPauses(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, matterIds: string[]) {
  const ids = [...new Set(matterIds)];
  const out = new Map<string, Pause>();
  if (!ids.length) return out;
  const scope = { org_id: ctx.org.id, env: ctx.env, matter_id: ids.length === 1 ? ids[0] : { in: ids } };
  const [screens, reviews] = await Promise.all([
    db.sanctionsScreen.findMany({
      where: { ...scope, status: { not: 'clear' } },
      select: { id: true, matter_id: true, matches: true, created_at: true },
      orderBy: { id: 'asc' },
    }),
    db.sanctionsReview.findMany({
      where: { ...scope, status: { in: ['cleared', 'in_review', 'blocked', 'reported'] } },
      select: { id: true, matter_id: true, screen_id: true, status: true, matches: true },
      orderBy: { id: 'asc' },
    }),
  ]);
  for (const id of ids) {
    const mine = reviews.filter((r) => r.matter_id === id);
    const keys = new Set(
      mine
        .filter((r) => r.status === 'cleared')
        .flatMap((r) => (r.matches as unknown as ScreenMatch[]).map(clearanceKey)),
    );
    const open = screens
      .filter((s) => s.matter_id === id)
      .map((s) => ({ ...s, matches: unresolvedMatches([{ matches: s.matches as unknown as ScreenMatch[] }], keys) }))
      .filter((s) => s.matches.length);
    const unresolved = unresolvedMatches(open, keys);
    out.set(id, {
      paused: unresolved.length > 0,
      unresolved,
      cleared: keys,
      collection_paused: unresolved.length ? pauseOut(open, mine, unresolved) : null,
    });
  }
  return out;
}

function pauseOut(
  open: { id: string; created_at: Date }[],
  reviews: { id: string; screen_id: string; status: string }[],
  unresolved: ScreenMatch[],
): CollectionPaused {
  const screenIds = new Set(open.map((s) => s.id));
  const review = reviews
    .filter((r) => r.status !== 'cleared' && screenIds.has(r.screen_id))
    .sort((a, b) => REVIEW_RANK[a.status] - REVIEW_RANK[b.status])[0];
  const since = open.reduce((min, s) => (s.created_at < min ? s.created_at : min), open[0].created_at);
  // No subject is named: the matter and its dashboard are read with matters:read, and who is
  // listed is sanctions data (the review, behind sanctions:read, names them).
  return {
    reason: `${pausedBecause(unresolved, review?.status ?? null)}. Turnover, remittance, burn/reissue and issuer freeze ${LICENSE_REASON}; restraint and preservation stay available.`,
    sanctions_review_id: review?.id ?? null,
    review_status: review?.status ?? null,
    since: since.toISOString(),
    unresolved_matches: unresolved.length,
  };
}

function pausedBecause(unresolved: ScreenMatch[], reviewStatus: string | null, named?: string) {
  if (reviewStatus === 'blocked' || reviewStatus === 'reported')
    return `Collection is paused: counsel confirmed the block${named ? ` of ${named}` : ''}`;
  const exact = unresolved.some((m) => m.match_type !== 'fuzzy');
  const n = unresolved.length;
  return `Collection is paused: ${n} sanctions ${exact ? 'match' : 'potential match'}${n === 1 ? '' : 'es'}${named ? ` (${named})` : ''} not cleared by a review decision${reviewStatus ? '' : '; no review is open yet'}`;
}

function subjects(unresolved: ScreenMatch[]) {
  const all = [...new Set(unresolved.map((m) => `${m.subject_type} '${m.subject}'`))];
  return all.slice(0, 3).join(', ') + (all.length > 3 ? ` and ${all.length - 3} more` : '');
}

/** Refuses a license-bound collection act while the matter is paused: 403 collection_paused,
 *  with the license reason, the section it rests on, the matter, the unresolved subjects, the
 *  review and, when given, what was refused (`act`, e.g. "Sending packet pac_…"). Callers
 *  decide which acts are license-bound (services/sanctions/collection-operations.ts). */
export async function assertCollectionNotPaused(ctx: Ctx, db: Db, matterId: string, act?: string) {
  const { paused, unresolved, collection_paused: p } = await matterPause(ctx, db, matterId);
  if (!paused) return;
  const programs = [...new Set(unresolved.flatMap((m) => m.programs))];
  throw new ApiError(
    'collection_paused',
    `${act ? `${act} is refused` : 'Refused'}: it ${LICENSE_REASON}. ${pausedBecause(unresolved, p!.review_status, subjects(unresolved)).replace(/^Collection is paused/, `Collection on matter ${matterId} is paused`)}. ${licenseRefusal(programs)} Counsel decides the match in a sanctions review (POST /v1/packets/sanctions-review or /v1/sanctions/review-packet); a transfer needs the license.`,
    {
      details: {
        matter_id: matterId,
        unresolved_matches: unresolved.length,
        sanctions_review_id: p!.sanctions_review_id,
        reason: LICENSE_REASON,
        license_rule: LICENSE_RULE.cite,
        judicial_process_rule: judicialProcessRule(programs).cite,
      },
    },
  );
}
