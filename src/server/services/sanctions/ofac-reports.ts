import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, invalidTransition } from '../../errors';
import { isId, newId } from '../../ids';
import { addBusinessDays, OFAC_REPORT_BUSINESS_DAYS } from '../../domain/sanctions/business-days';
import { OFAC_MOVES, type OfacStatus, OFAC_REPORT_TYPES } from '../../domain/sanctions/workflow';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { eventData } from '../judgments/serialize';
import { today } from '../judgments/rules-context';
import { findReview } from './reviews';
import { holidayTable } from './screen-data';
import { ofacOut } from './serialize';

export const findOfacReport = (ctx: Ctx, db: Db, id: string, param?: string) =>
  loadOwned(
    ctx,
    'OFAC report workflow',
    id,
    isId('ofac_report', id),
    () => db.ofacReport.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );

/** The due date of a blocked-property report: 10 business days after the blocking decision's
 *  date (UTC), skipping weekends and the shipped federal holidays (31 CFR 501.603). */
export function ofacDueDate(blockedAt: Date) {
  return addBusinessDays(blockedAt.toISOString().slice(0, 10), OFAC_REPORT_BUSINESS_DAYS, holidayTable());
}

export interface OfacInput {
  matter_id: string;
  sanctions_review_id: string;
  report_type?: (typeof OFAC_REPORT_TYPES)[number];
  counsel_owner: string;
}

/**
 * POST /v1/sanctions/ofac-report-workflow: starts the report workflow of a blocked review (one
 * per review) in `drafting`, due 10 business days after blocking. `counsel_owner` is a user id
 * (a user of the organization who can see the matter) or counsel's name.
 */
export async function createOfacReport(ctx: Ctx, tx: Tx, input: OfacInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const r = await findReview(ctx, tx, input.sanctions_review_id, 'sanctions_review_id');
  if (r.matter_id !== m.id)
    throw invalidParam('sanctions_review_id', `Sanctions review ${r.id} is not a review of matter ${m.id}.`);
  if (r.status !== 'blocked' && r.status !== 'reported') {
    throw new ApiError(
      'conflict',
      `Sanctions review ${r.id} is '${r.status}': an OFAC report workflow starts from a review that counsel blocked.`,
      { details: { status: r.status } },
    );
  }
  let owner = input.counsel_owner.trim();
  if (/^usr_/.test(owner)) {
    const u = isId('user', owner) ? await tx.user.findFirst({ where: { id: owner, org_id: ctx.org.id } }) : null;
    if (!u || u.status === 'disabled' || (u.matter_ids.length > 0 && !u.matter_ids.includes(m.id))) {
      throw invalidParam('counsel_owner', `'${owner}' is not a user of the organization who can see matter ${m.id}.`);
    }
    owner = u.id;
  }
  const taken = await tx.ofacReport.findFirst({
    where: { review_id: r.id, org_id: ctx.org.id, env: ctx.env },
    select: { id: true },
  });
  if (taken)
    throw new ApiError('conflict', `Sanctions review ${r.id} already has an OFAC report workflow (${taken.id}).`, {
      param: 'sanctions_review_id',
      details: { ofac_report_id: taken.id },
    });
  const blockedAt = r.decided_at ?? new Date();
  const due = ofacDueDate(blockedAt);
  const reasons = due.covered
    ? []
    : [
        "The due date runs past the shipped federal holiday table (data/us-federal-holidays): check it against OPM's holiday list.",
      ];
  const row = await tx.ofacReport.create({
    data: {
      id: newId('ofac_report'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      review_id: r.id,
      status: 'drafting',
      report_type: input.report_type ?? 'blocked_property',
      counsel_owner: owner,
      blocked_at: blockedAt,
      due_date: new Date(`${due.date}T00:00:00Z`),
      review_required: !due.covered,
      review_reasons: reasons,
    },
  });
  const out = ofacOut(row, today());
  await recordChange(ctx, tx, {
    event_type: 'ofac_report.created',
    object_type: 'ofac_report',
    object_id: row.id,
    matter_id: m.id,
    details: { sanctions_review_id: r.id, report_type: row.report_type, due_date: out.due_date },
    data: eventData(out),
  });
  return out;
}

/**
 * Moves an OFAC report workflow one step (console only): drafting → counsel_review → submitted
 * → acknowledged, and back from counsel_review to drafting. Submitting records who and when and
 * moves the review from blocked to reported.
 */
export async function moveOfacReport(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { status: OfacStatus; notes?: string | null },
) {
  const o = await findOfacReport(ctx, tx, id, 'ofac_report_id');
  await loadWritableMatter(ctx, tx, o.matter_id);
  const from = o.status as OfacStatus;
  if (!OFAC_MOVES[from].includes(input.status))
    throw invalidTransition('OFAC report workflow', from, input.status, OFAC_MOVES[from]);
  const now = new Date();
  const history = [
    ...(o.history as object[]),
    { from, to: input.status, by: ctx.actor.id, at: now.toISOString(), notes: input.notes?.trim() || null },
  ];
  const done = await tx.ofacReport.updateMany({
    where: { id: o.id, status: from },
    data: {
      status: input.status,
      history,
      ...(input.status === 'submitted' ? { submitted_by: ctx.actor.id, submitted_at: now } : {}),
      ...(input.status === 'acknowledged' ? { acknowledged_at: now } : {}),
    },
  });
  if (!done.count) throw new ApiError('conflict', 'The OFAC report workflow changed concurrently; reload and retry.');
  if (input.status === 'submitted') {
    await tx.sanctionsReview.updateMany({
      where: { id: o.review_id, status: 'blocked' },
      data: { status: 'reported' },
    });
  }
  const out = ofacOut((await tx.ofacReport.findUnique({ where: { id: o.id } }))!, today());
  await recordChange(ctx, tx, {
    event_type: 'ofac_report.updated',
    object_type: 'ofac_report',
    object_id: o.id,
    matter_id: o.matter_id,
    details: { from, to: input.status, notes: input.notes?.trim() || null },
    data: eventData(out),
  });
  return out;
}
