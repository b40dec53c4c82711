import type { Judgment } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { newId } from '../../ids';
import { isoDate } from '../../domain/judgments/dates';
import { resolveRules } from '../../domain/judgments/jurisdiction-rules';
import { statusAfterValidation } from '../../domain/judgments/judgment-status';
import { evaluateGates, type GateName, type GateResult } from '../../domain/judgments/validation-gates';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { authorityStatus } from '../matters/authority-status';
import { syncDeadlines } from './deadlines';
import { lockJudgment } from './load';
import { today } from './rules-context';
import { matterSanctionsScreen } from './sanctions-screen';
import { eventData, judgmentOut, validationOut } from './serialize';

export interface ValidateInput {
  checks?: GateName[];
  consumer_debt?: boolean;
  bankruptcy_known?: boolean;
  appeal_stay_known?: boolean;
}

/**
 * Runs the readiness gates against what the service knows about the judgment and its matter
 * (authority grants, claimants, a sanctions screening of the debtor and the matter's known
 * wallets run now) plus the caller's facts. Shared by validation and the enforcement plan so
 * both judge readiness the same way; the plan adds the wallets it is given to the screening.
 */
export async function gatesFor(
  ctx: Ctx,
  db: Db,
  j: Judgment,
  facts: {
    consumer_debt: boolean | null;
    bankruptcy_known: boolean | null;
    appeal_stay_known: boolean | null;
    checks: GateName[] | null;
    known_wallets?: string[];
  },
): Promise<GateResult> {
  const [grants, claimants, sanctions] = await Promise.all([
    db.authorityGrant.findMany({
      where: { matter_id: j.matter_id, org_id: ctx.org.id, env: ctx.env },
      orderBy: { id: 'desc' },
    }),
    db.claimant.findMany({ where: { matter_id: j.matter_id, org_id: ctx.org.id, env: ctx.env } }),
    matterSanctionsScreen(ctx, db, j, facts.known_wallets),
  ]);
  const status = authorityStatus(grants);
  const live = grants.find(
    (g) => g.status === 'granted' && (!g.expires_at || g.expires_at > new Date()) && g.effective_at <= new Date(),
  );
  return evaluateGates({
    today: today(),
    judgment: {
      date_entered: isoDate(j.date_entered),
      type: j.type,
      appeal_stay_status: j.appeal_stay_status,
      bankruptcy_status: j.bankruptcy_status,
      source_refs: j.source_refs as { source_type: string }[],
      renewal_deadline: j.renewal_deadline ? isoDate(j.renewal_deadline) : null,
    },
    rules: resolveRules(j.jurisdiction),
    authority: { status, basis: live?.basis ?? null, granted_by: live?.granted_by ?? null },
    claimants: claimants.map((c) => ({
      name: c.name,
      role: c.role,
      source_refs: c.source_refs as { source_type: string }[],
    })),
    consumer_debt: facts.consumer_debt,
    bankruptcy_known: facts.bankruptcy_known,
    appeal_stay_known: facts.appeal_stay_known,
    sanctions,
    checks: facts.checks,
  });
}

/**
 * Validates a judgment for enforcement (gated). A failed gate is not an error: the answer
 * names every gate with its reasons and required actions, `missing_items` lists what a user
 * must supply, and each run is kept (val_) so GET shows the latest. A full pass moves intake,
 * needs_review or (after a stay) stayed to `validated` and emits judgment.validated; otherwise
 * the judgment moves to needs_review.
 */
export async function validateJudgment(ctx: Ctx, tx: Tx, id: string, input: ValidateInput) {
  let j = await lockJudgment(ctx, tx, id);
  const m = await loadWritableMatter(ctx, tx, j.matter_id);
  const consumerChanged = input.consumer_debt !== undefined && input.consumer_debt !== j.consumer_debt;
  if (consumerChanged)
    j = await tx.judgment.update({ where: { id: j.id }, data: { consumer_debt: input.consumer_debt } });
  const checks = input.checks?.length ? input.checks : null;
  const result = await gatesFor(ctx, tx, j, {
    consumer_debt: j.consumer_debt,
    bankruptcy_known: input.bankruptcy_known ?? null,
    appeal_stay_known: input.appeal_stay_known ?? null,
    checks,
  });
  const before = j.status;
  const next = statusAfterValidation(before, {
    ready: result.enforcement_ready,
    partial: !!checks,
    anyFail: result.gates.some((g) => g.status === 'fail'),
    stayHolds: j.bankruptcy_status === 'filed' || j.appeal_stay_status === 'stayed',
  });
  const v = await tx.judgmentValidation.create({
    data: {
      id: newId('validation'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: j.matter_id,
      judgment_id: j.id,
      enforcement_ready: result.enforcement_ready,
      review_required: result.review_required,
      missing_items: result.missing_items,
      gates: result.gates as object[],
      review_reasons: result.review_reasons,
      inputs: { ...input, checks_run: result.checks_run },
    },
  });
  if (next !== before) j = await tx.judgment.update({ where: { id: j.id }, data: { status: next } });
  if (consumerChanged || next !== before) await syncDeadlines(ctx, tx, j, m.lead_counsel);
  const out = validationOut(v, j.status);
  const details = {
    validation_id: v.id,
    enforcement_ready: v.enforcement_ready,
    gates: Object.fromEntries(result.gates.map((g) => [g.gate, g.status])),
    ...(next !== before ? { status: { from: before, to: next } } : {}),
  };
  // Audit every run; the outbox gets judgment.validated on a pass, judgment.updated when the
  // judgment itself changed (status or consumer flag), and nothing for an unchanged failure.
  const change = { object_type: 'judgment', object_id: j.id, matter_id: j.matter_id, details };
  if (result.enforcement_ready)
    await recordChange(ctx, tx, { ...change, event_type: 'judgment.validated', data: eventData(out) });
  else if (consumerChanged || next !== before)
    await recordChange(ctx, tx, { ...change, event_type: 'judgment.updated', data: eventData(judgmentOut(j)) });
  else await recordChange(ctx, tx, { ...change, event_type: 'judgment.validation_recorded' });
  return out;
}
