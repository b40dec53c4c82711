import type { Ctx, Db } from '../../context';
import { notFound } from '../../errors';
import { isId } from '../../ids';
import { canSeeMatter, matterFilter } from '../matters/access';
import { today } from '../judgments/rules-context';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { findOfacReport } from './ofac-reports';
import { matterPause, matterPauses } from './pause';
import { reviewView, reviewViews } from './reviews';
import { ofacOut, screenOut } from './serialize';

/**
 * GET /v1/sanctions/{review_id}: a screen or a review (both rev_; `object` tells which), or an
 * OFAC report workflow (ofr_). Anything invisible is the same 404.
 */
export async function getSanctionsObject(ctx: Ctx, db: Db, id: string) {
  if (isId('ofac_report', id)) return ofacOut(await findOfacReport(ctx, db, id), today());
  const where = { id, org_id: ctx.org.id, env: ctx.env };
  if (isId('sanctions_review', id)) {
    const screen = await db.sanctionsScreen.findFirst({ where });
    if (screen && canSeeMatter(ctx, screen.matter_id))
      return screenOut(screen, (await matterPause(ctx, db, screen.matter_id)).paused);
    const review = await db.sanctionsReview.findFirst({ where });
    if (review && canSeeMatter(ctx, review.matter_id)) return reviewView(ctx, db, review);
  }
  throw notFound('sanctions screen or review', id);
}

const SCREEN_INDEXES = listIndexes('SanctionsScreen', [['matter_id'], ['org_id', 'env']]);
const REVIEW_INDEXES = listIndexes('SanctionsReview', [['matter_id'], ['org_id', 'env', 'status'], ['org_id', 'env']]);
const OFAC_REPORT_INDEXES = listIndexes('OfacReport', [['matter_id'], ['org_id', 'env']]);

const scoped = (ctx: Ctx, matterId?: string) => ({
  org_id: ctx.org.id,
  env: ctx.env,
  matter_id: matterId ?? matterFilter(ctx),
});

/** Screens, newest first (console). */
export async function listScreens(ctx: Ctx, db: Db, q: PageArgs & { matter_id?: string; status?: string }) {
  if (q.matter_id && !canSeeMatter(ctx, q.matter_id))
    return listEnvelope({ data: [], has_more: false }, '/sanctions/screens', (x) => x);
  const { where, lead } = leadOf({ ...scoped(ctx, q.matter_id), status: q.status }, SCREEN_INDEXES);
  const page = await keysetPage(q, (a) => db.sanctionsScreen.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  const pauses = await matterPauses(
    ctx,
    db,
    page.data.map((s) => s.matter_id),
  );
  return listEnvelope(page, '/sanctions/screens', (s) => screenOut(s, pauses.get(s.matter_id)!.paused));
}

/** Reviews, newest first, by status (the console's review queue is `in_review`). */
export async function listReviews(ctx: Ctx, db: Db, q: PageArgs & { matter_id?: string; status?: string }) {
  if (q.matter_id && !canSeeMatter(ctx, q.matter_id))
    return listEnvelope({ data: [], has_more: false }, '/sanctions/reviews', (x) => x);
  const { where, lead } = leadOf({ ...scoped(ctx, q.matter_id), status: q.status }, REVIEW_INDEXES);
  const page = await keysetPage(q, (a) => db.sanctionsReview.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  const data = await reviewViews(ctx, db, page.data);
  return { object: 'list' as const, data, has_more: page.has_more, url: '/sanctions/reviews' };
}

/** OFAC report workflows, newest first, each with its due date and `overdue`. */
export async function listOfacReports(ctx: Ctx, db: Db, q: PageArgs & { matter_id?: string; status?: string }) {
  if (q.matter_id && !canSeeMatter(ctx, q.matter_id))
    return listEnvelope({ data: [], has_more: false }, '/sanctions/ofac-reports', (x) => x);
  const { where, lead } = leadOf({ ...scoped(ctx, q.matter_id), status: q.status }, OFAC_REPORT_INDEXES);
  const page = await keysetPage(q, (a) => db.ofacReport.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  const on = today();
  return listEnvelope(page, '/sanctions/ofac-reports', (o) => ofacOut(o, on));
}
