import type { SanctionsReview } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, invalidTransition, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import type { ScreenMatch } from '../../domain/sanctions/screen';
import {
  blockedPropertyAnalysis,
  REVIEW_MOVES,
  type ReviewDecision,
  type ReviewStatus,
} from '../../domain/sanctions/workflow';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { inEffect } from '../matters/authority-status';
import { eventData } from '../judgments/serialize';
import { matterPauses } from './pause';
import { recordScreen } from './screens';
import { reviewOut } from './serialize';

/** A review of the caller's org and environment that the actor may see; anything else is 404. */
export const findReview = (ctx: Ctx, db: Db, id: string, param?: string) =>
  loadOwned(
    ctx,
    'sanctions review',
    id,
    isId('sanctions_review', id),
    () => db.sanctionsReview.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );

/** The review as answered: with the matter's pause and its OFAC report, if any. */
export async function reviewView(ctx: Ctx, db: Db, r: SanctionsReview) {
  return (await reviewViews(ctx, db, [r]))[0];
}

/** reviewView of a list page's reviews: their matters' pauses and OFAC reports, a query each. */
export async function reviewViews(ctx: Ctx, db: Db, rows: SanctionsReview[]) {
  const ids = rows.map((r) => r.id);
  const [pauses, ofacs] = await Promise.all([
    matterPauses(
      ctx,
      db,
      rows.map((r) => r.matter_id),
    ),
    ids.length
      ? db.ofacReport.findMany({
          where: { review_id: ids.length === 1 ? ids[0] : { in: ids }, org_id: ctx.org.id, env: ctx.env },
        })
      : [],
  ]);
  return rows.map((r) =>
    reviewOut(r, pauses.get(r.matter_id)!.paused, ofacs.find((o) => o.review_id === r.id) ?? null),
  );
}

async function insertReview(
  ctx: Ctx,
  tx: Tx,
  input: { matterId: string; screenId: string; matches: ScreenMatch[]; notes: string | null; packet: object | null },
) {
  const taken = await tx.sanctionsReview.findFirst({
    where: { screen_id: input.screenId, org_id: ctx.org.id, env: ctx.env },
    select: { id: true },
  });
  if (taken)
    throw new ApiError('conflict', `Sanctions screen ${input.screenId} already has a review (${taken.id}).`, {
      param: 'screen_id',
      details: { review_id: taken.id },
    });
  const r = await tx.sanctionsReview.create({
    data: {
      id: newId('sanctions_review'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: input.matterId,
      screen_id: input.screenId,
      status: 'in_review',
      matches: JSON.parse(JSON.stringify(input.matches)),
      blocked_property_analysis: blockedPropertyAnalysis(input.matches),
      review_state: { review_required: true, review_status: 'in_review', review_owner: null, review_notes: null },
      notes: input.notes,
      packet: input.packet ? JSON.parse(JSON.stringify(input.packet)) : undefined,
    },
  });
  const out = await reviewView(ctx, tx, r);
  await recordChange(ctx, tx, {
    event_type: 'sanctions_review.created',
    object_type: 'sanctions_review',
    object_id: r.id,
    matter_id: input.matterId,
    details: { screen_id: input.screenId, matches: input.matches.length, packet: !!input.packet },
    data: eventData(out),
  });
  return out;
}

/** POST /v1/sanctions/review-packet: opens the review of one screen of the matter (one per screen). */
export async function createReviewPacket(
  ctx: Ctx,
  tx: Tx,
  input: { matter_id: string; screen_id: string; notes?: string | null },
) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const screen = isId('sanctions_review', input.screen_id)
    ? await tx.sanctionsScreen.findFirst({
        where: { id: input.screen_id, matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
      })
    : null;
  if (!screen) throw notFound('sanctions screen on this matter', input.screen_id, 'screen_id');
  return insertReview(ctx, tx, {
    matterId: m.id,
    screenId: screen.id,
    matches: screen.matches as unknown as ScreenMatch[],
    notes: input.notes ?? null,
    packet: null,
  });
}

export interface SanctionsPacketInput {
  matter_id: string;
  judgment_id?: string | null;
  wallets?: string[];
  packet_type?: 'sanctions_evidence';
  authorized_sender?: string | null;
  legal_authority_id?: string | null;
  source_refs?: object[];
  notes?: string | null;
}

/**
 * POST /v1/packets/sanctions-review (gated): the sanctions evidence packet. Screens the given
 * wallets and the judgment's debtor now (a fresh screen, with its events), opens the review of
 * that screen and keeps the packet's references on it. Allowed while collection is paused: it
 * is how a pause gets resolved.
 */
export async function createSanctionsReviewPacket(ctx: Ctx, tx: Tx, input: SanctionsPacketInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const scope = { org_id: ctx.org.id, env: ctx.env, matter_id: m.id };
  let debtor: string | null = null;
  if (input.judgment_id) {
    const j = isId('judgment', input.judgment_id)
      ? await tx.judgment.findFirst({ where: { id: input.judgment_id, ...scope } })
      : null;
    if (!j) throw invalidParam('judgment_id', `Judgment '${input.judgment_id}' is not a judgment of matter ${m.id}.`);
    debtor = j.debtor;
  }
  if (input.legal_authority_id) {
    const g = isId('authority_grant', input.legal_authority_id)
      ? await tx.authorityGrant.findFirst({ where: { id: input.legal_authority_id, ...scope } })
      : null;
    if (!g || !inEffect(g))
      throw invalidParam(
        'legal_authority_id',
        `'${input.legal_authority_id}' is not an authority grant in effect on matter ${m.id}.`,
      );
  }
  let sender: { user_id: string; name: string | null; roles: string[] } | null = null;
  if (input.authorized_sender) {
    const u = isId('user', input.authorized_sender)
      ? await tx.user.findFirst({ where: { id: input.authorized_sender, org_id: ctx.org.id } })
      : null;
    const sees = u && u.status !== 'disabled' && (u.matter_ids.length === 0 || u.matter_ids.includes(m.id));
    if (!u || !sees)
      throw invalidParam(
        'authorized_sender',
        `'${input.authorized_sender}' is not a user of the organization who can see matter ${m.id}.`,
      );
    sender = { user_id: u.id, name: u.name, roles: u.roles };
  }
  const wallets = input.wallets ?? [];
  if (!wallets.length && !debtor) {
    throw new ApiError('parameter_missing', 'Give wallets to screen, or a judgment_id whose debtor is screened.', {
      param: 'wallets',
    });
  }
  const { row } = await recordScreen(
    ctx,
    tx,
    m.id,
    { wallets, entities: debtor ? [debtor] : [], counterparties: [] },
    'sanctions_review_packet',
  );
  const packet = {
    type: 'sanctions_review',
    packet_type: input.packet_type ?? 'sanctions_evidence',
    judgment_id: input.judgment_id ?? null,
    wallets,
    authorized_sender: sender,
    legal_authority_id: input.legal_authority_id ?? null,
    source_refs: input.source_refs ?? [],
  };
  return insertReview(ctx, tx, {
    matterId: m.id,
    screenId: row.id,
    matches: row.matches as unknown as ScreenMatch[],
    notes: input.notes ?? null,
    packet,
  });
}

/**
 * Counsel's decision (console only, §15): `cleared` (a false positive; lifts the pause for the
 * subjects it clears) or `blocked` (sets ofac_report_required); each needs a reason. Moves only
 * from in_review; a concurrent decision loses with 409.
 */
export async function decideReview(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { decision: ReviewDecision; reason?: string | null },
) {
  const r = await findReview(ctx, tx, id, 'review_id');
  await loadWritableMatter(ctx, tx, r.matter_id);
  const reason = input.reason?.trim() || null;
  // Both decisions are counsel's record: clearing lifts the pause, blocking starts the OFAC
  // report clock and keeps the property blocked; neither is taken without saying why.
  if (!reason)
    throw new ApiError(
      'parameter_missing',
      input.decision === 'cleared'
        ? 'Clearing a review needs a reason (why the match is a false positive).'
        : 'Blocking needs a reason (why the match is the listed person or their property: the identifiers that match).',
      { param: 'reason' },
    );
  const now = new Date();
  const done = await tx.sanctionsReview.updateMany({
    where: { id: r.id, status: 'in_review' },
    data: {
      status: input.decision,
      decision: input.decision,
      decision_reason: reason,
      decided_by: ctx.actor.id,
      decided_at: now,
      ofac_report_required: input.decision === 'blocked',
      review_state: {
        review_required: false,
        review_status: input.decision === 'cleared' ? 'approved' : 'rejected',
        review_owner: ctx.actor.id,
        review_notes: reason,
      },
    },
  });
  if (!done.count) {
    const cur = (await tx.sanctionsReview.findUnique({ where: { id: r.id }, select: { status: true } }))!
      .status as ReviewStatus;
    throw invalidTransition('sanctions review', cur, input.decision, REVIEW_MOVES[cur]);
  }
  const after = (await tx.sanctionsReview.findUnique({ where: { id: r.id } }))!;
  const out = await reviewView(ctx, tx, after);
  await recordChange(ctx, tx, {
    event_type: 'sanctions_review.decided',
    object_type: 'sanctions_review',
    object_id: r.id,
    matter_id: r.matter_id,
    details: { decision: input.decision, reason, ordinary_collection_paused: out.ordinary_collection_paused },
    data: eventData(out),
  });
  return out;
}
