import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, invalidTransition } from '../../errors';
import { newId } from '../../ids';
import { isoDate, toDate } from '../../domain/judgments/dates';
import { dec } from '../../domain/judgments/decimal';
import { resolveRules } from '../../domain/judgments/jurisdiction-rules';
import { allowedMoves, moveBlocker, type JudgmentStatus } from '../../domain/judgments/judgment-status';
import { recordChange } from '../audit/append';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { loadMatter, loadWritableMatter, listMatterFilter } from '../matters/access';
import { authorityStatus } from '../matters/authority-status';
import { DEFAULT_REVIEW_STATE } from '../matters/claimants';
import { judgmentBalanceSummary } from '../ledger/balance';
import { syncDeadlines, upcomingDeadlines } from './deadlines';
import { findJudgment, latestValidation, lockJudgment } from './load';
import { nextRateHistory, today } from './rules-context';
import { eventData, judgmentOut, planOut, validationOut } from './serialize';

export interface InterestInput {
  rate_pct: string;
  basis: string;
  effective_from?: string;
}
/** Facts enforcement law turns on (see CLAIM_NATURES, DEBTOR_TYPES, ASSIGNMENT_STATUSES). */
export interface ClaimFacts {
  claim_nature?: string | null;
  debtor_type?: string | null;
  assignment_status?: string;
}

export interface IntakeInput extends ClaimFacts {
  matter_id: string;
  court: string;
  case_number: string;
  jurisdiction: string;
  creditor: string;
  debtor: string;
  amount: { amount: string; currency: string };
  date_entered: string;
  type?: string;
  source_refs?: object[];
  consumer_debt?: boolean | null;
  post_judgment_interest?: InterestInput | null;
}

function checkInterest(p: InterestInput | null | undefined, entered?: string) {
  if (!p) return;
  const r = dec(p.rate_pct);
  if (r.lt(0) || r.gt(100))
    throw invalidParam('post_judgment_interest.rate_pct', 'rate_pct is a percent per annum between 0 and 100.');
  if (entered && p.effective_from && p.effective_from < entered)
    throw invalidParam('post_judgment_interest.effective_from', 'effective_from cannot be before date_entered.');
}

/**
 * Takes in a judgment on a matter (gated). The jurisdiction is accepted even when the rules
 * do not know it; then the judgment, its deadlines and its interest carry review_required.
 * Deadlines are computed at once. Answers 200 (the specification's status for intake).
 */
export async function intakeJudgment(ctx: Ctx, tx: Tx, input: IntakeInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  if (!dec(input.amount.amount).gt(0))
    throw invalidParam('amount.amount', 'The judgment amount must be greater than zero.');
  if (input.date_entered > today()) throw invalidParam('date_entered', 'date_entered cannot be in the future.');
  if (input.date_entered < '1900-01-01') throw invalidParam('date_entered', 'date_entered is too early.');
  checkInterest(input.post_judgment_interest, input.date_entered);
  // Serialize intakes per matter so the duplicate-case check below cannot race.
  await tx.$queryRaw`SELECT id FROM matters WHERE id = ${m.id} FOR UPDATE`;
  const dup = await tx.judgment.findFirst({
    where: {
      matter_id: m.id,
      case_number: { equals: input.case_number, mode: 'insensitive' },
      court: { equals: input.court, mode: 'insensitive' },
    },
    select: { id: true },
  });
  if (dup)
    throw new ApiError(
      'conflict',
      `Judgment ${dup.id} already records case ${input.case_number} in ${input.court} on this matter.`,
      { details: { judgment_id: dup.id } },
    );
  const rules = resolveRules(input.jurisdiction);
  const review = rules.review_reasons.length
    ? {
        review_required: true,
        review_status: 'pending',
        review_owner: null,
        review_notes: rules.review_reasons.join(' '),
      }
    : DEFAULT_REVIEW_STATE;
  const j = await tx.judgment.create({
    data: {
      id: newId('judgment'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      type: input.type ?? 'standard',
      court: input.court,
      case_number: input.case_number,
      jurisdiction: rules.code,
      date_entered: toDate(input.date_entered),
      creditor: input.creditor,
      debtor: input.debtor,
      amount: input.amount.amount,
      currency: input.amount.currency,
      consumer_debt: input.consumer_debt ?? null,
      interest_rate_pct: input.post_judgment_interest?.rate_pct ?? null,
      interest_rate_basis: input.post_judgment_interest?.basis ?? null,
      interest_rate_history: nextRateHistory(
        { date_entered: toDate(input.date_entered) },
        input.post_judgment_interest ?? null,
        input.date_entered,
      ) as object[],
      claim_nature: input.claim_nature ?? null,
      debtor_type: input.debtor_type ?? null,
      assignment_status: input.assignment_status ?? 'none',
      review_state: review,
      source_refs: input.source_refs ?? [],
    },
  });
  await syncDeadlines(ctx, tx, j, m.lead_counsel);
  const out = judgmentOut(j);
  await recordChange(ctx, tx, {
    event_type: 'judgment.created',
    object_type: 'judgment',
    object_id: j.id,
    matter_id: m.id,
    details: {
      case_number: j.case_number,
      court: j.court,
      jurisdiction: j.jurisdiction,
      amount: j.amount.toFixed(),
      currency: j.currency,
    },
    data: eventData(out),
  });
  return out;
}

/**
 * A judgment with its latest validation, upcoming deadlines, linked matter and balance summary:
 * everything the matter page shows about it.
 */
export async function getJudgment(ctx: Ctx, db: Db, id: string) {
  const j = await findJudgment(ctx, db, id);
  const [m, latest, deadlines, grants, plan] = await Promise.all([
    loadMatter(ctx, db, j.matter_id),
    latestValidation(db, j.id),
    upcomingDeadlines(db, j.id),
    db.authorityGrant.findMany({
      where: { matter_id: j.matter_id },
      select: { status: true, effective_at: true, expires_at: true },
    }),
    db.enforcementPlan.findFirst({
      where: { judgment_id: j.id, org_id: ctx.org.id, env: ctx.env },
      orderBy: { id: 'desc' }, // ids sort by creation time (ids.ts); uses (judgment_id, id)
    }),
  ]);
  return {
    ...judgmentOut(j),
    validation: latest ? validationOut(latest) : null,
    deadlines,
    matter: {
      matter_id: m.id,
      name: m.name,
      mode: m.mode,
      status: m.status,
      authority_status: authorityStatus(grants),
    },
    balance: await judgmentBalanceSummary(ctx, db, m, j.id),
    latest_plan: plan ? planOut(plan) : null,
  };
}

const JUDGMENT_INDEXES = listIndexes('Judgment', [['matter_id'], ['org_id', 'env', 'status'], ['org_id', 'env']]);

/** Judgments of the caller's org and environment, newest first, filtered by matter, type and status. */
export async function listJudgments(
  ctx: Ctx,
  db: Db,
  q: PageArgs & { matter_id?: string; type?: string; status?: string },
) {
  const matterWhere = listMatterFilter(ctx, q.matter_id);
  const { where, lead } = leadOf(
    { org_id: ctx.org.id, env: ctx.env, matter_id: matterWhere, status: q.status, type: q.type },
    JUDGMENT_INDEXES,
  );
  const page = await keysetPage(q, (a) => db.judgment.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  return listEnvelope(page, '/v1/judgments', judgmentOut);
}

export interface JudgmentPatch extends ClaimFacts {
  status?: JudgmentStatus;
  appeal_stay_status?: string;
  bankruptcy_status?: string;
  renewal_deadline?: string | null;
  review_state?: Record<string, unknown>;
  consumer_debt?: boolean | null;
  post_judgment_interest?: InterestInput | null;
  source_refs?: object[];
}

/** Why the status must change because of another field (a filed bankruptcy, an appeal stay). */
const forcesStay = (p: JudgmentPatch) => p.bankruptcy_status === 'filed' || p.appeal_stay_status === 'stayed';

/**
 * Updates a judgment (gated). Status moves follow API-CONTRACT §9; an invalid move is 409
 * invalid_state_transition naming the current state and the allowed moves. Setting
 * bankruptcy_status 'filed' or appeal_stay_status 'stayed' moves the judgment to `stayed`.
 * Deadlines are recomputed in the same transaction.
 */
export async function updateJudgment(ctx: Ctx, tx: Tx, id: string, patch: JudgmentPatch) {
  const j = await lockJudgment(ctx, tx, id);
  const m = await loadWritableMatter(ctx, tx, j.matter_id);
  checkInterest(patch.post_judgment_interest, isoDate(j.date_entered));
  let target: string | undefined = patch.status;
  if (forcesStay(patch)) {
    if (target && target !== 'stayed') {
      throw invalidParam(
        'status',
        `${patch.bankruptcy_status === 'filed' ? "bankruptcy_status 'filed'" : "appeal_stay_status 'stayed'"} moves the judgment to 'stayed'; it cannot also move to '${target}'.`,
      );
    }
    target = j.status === 'stayed' ? undefined : 'stayed';
  }
  if (target && target !== j.status) {
    const allowed = allowedMoves(j.status);
    if (!allowed.includes(target as JudgmentStatus)) throw invalidTransition('judgment', j.status, target, allowed);
    const latest = await latestValidation(tx, j.id);
    const blocker = moveBlocker(j.status, target as JudgmentStatus, {
      latestValidation: latest ? { ready: latest.enforcement_ready, at: latest.created_at } : null,
      stayedAt: j.stayed_at,
    });
    if (blocker) {
      throw new ApiError(
        'invalid_state_transition',
        `Cannot move judgment from '${j.status}' to '${target}'. ${blocker.replace('{judgment_id}', j.id)} Allowed from '${j.status}': ${allowed.join(', ')}.`,
        {
          details: { current: j.status, requested: target, allowed },
        },
      );
    }
  } else target = undefined;
  if (patch.renewal_deadline && patch.renewal_deadline < isoDate(j.date_entered)) {
    throw invalidParam('renewal_deadline', 'renewal_deadline cannot be before date_entered.');
  }
  const updated = await tx.judgment.update({
    where: { id: j.id },
    data: {
      status: target,
      stayed_at: target === 'stayed' ? new Date() : undefined,
      appeal_stay_status: patch.appeal_stay_status,
      bankruptcy_status: patch.bankruptcy_status,
      renewal_deadline:
        patch.renewal_deadline === undefined
          ? undefined
          : patch.renewal_deadline
            ? toDate(patch.renewal_deadline)
            : null,
      consumer_debt: patch.consumer_debt,
      ...(patch.post_judgment_interest !== undefined
        ? {
            interest_rate_pct: patch.post_judgment_interest?.rate_pct ?? null,
            interest_rate_basis: patch.post_judgment_interest?.basis ?? null,
            interest_rate_history: nextRateHistory(j, patch.post_judgment_interest ?? null, today()) as object[],
          }
        : {}),
      claim_nature: patch.claim_nature,
      debtor_type: patch.debtor_type,
      assignment_status: patch.assignment_status,
      review_state: patch.review_state
        ? ({ ...(j.review_state as object), ...patch.review_state } as object)
        : undefined,
      source_refs: patch.source_refs,
    },
  });
  await syncDeadlines(ctx, tx, updated, m.lead_counsel);
  const out = judgmentOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'judgment.updated',
    object_type: 'judgment',
    object_id: j.id,
    matter_id: j.matter_id,
    details: { changed: Object.keys(patch), ...(target ? { status: { from: j.status, to: target } } : {}) },
    data: eventData(out),
  });
  return out;
}
