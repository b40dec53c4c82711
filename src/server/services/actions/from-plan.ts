import type { Ctx, Tx } from '../../context';
import { notFound } from '../../errors';
import { isId } from '../../ids';
import type { PlanAction } from '../../domain/judgments/enforcement-plan';
import { canSeeMatter } from '../matters/access';
import { assertMatterAuthority } from '../matters/gate';
import { insertAction } from './actions';
import { actionOut } from './serialize';

type StoredPlan = {
  priority_actions?: PlanAction[];
  deadlines?: { kind: string; date: string | null; title: string }[];
};

/** What completing a plan step needs, in the plan's own words. */
function requirementsOf(step: PlanAction): string[] {
  return [
    step.rationale,
    `Legal basis: ${step.legal_basis}`,
    ...(step.packet_type ? [`Prepare, review and send a ${step.packet_type} packet`] : []),
  ].filter(Boolean);
}

/**
 * Turns an enforcement plan into a campaign (gated on the plan's matter): one action per
 * priority step, with the plan id as campaign_id, the step's type, title and priority, and the
 * renewal date as due date for a renewal step. Idempotent: a step that already has its action
 * (unique on campaign and step, under a lock on the plan) is not made again, so a second call
 * creates nothing and answers the same actions.
 */
export async function createActionsFromPlan(ctx: Ctx, tx: Tx, planId: string) {
  const plan = isId('plan', planId)
    ? await tx.enforcementPlan.findFirst({ where: { id: planId, org_id: ctx.org.id, env: ctx.env } })
    : null;
  if (!plan || !canSeeMatter(ctx, plan.matter_id)) throw notFound('enforcement plan', planId, 'plan_id');
  await assertMatterAuthority(ctx, tx, plan.matter_id);
  await tx.$queryRaw`SELECT id FROM enforcement_plans WHERE id = ${plan.id} FOR UPDATE`;
  const stored = plan.plan as StoredPlan;
  const steps = stored.priority_actions ?? [];
  const existing = await tx.action.findMany({
    where: { org_id: ctx.org.id, env: ctx.env, campaign_id: plan.id, plan_step: { not: null } },
  });
  const byStep = new Map(existing.map((a) => [a.plan_step!, a]));
  let created = 0;
  for (const [i, step] of steps.entries()) {
    if (byStep.has(i)) continue;
    const renewal =
      step.type === 'renew_judgment'
        ? stored.deadlines?.find((d) => d.kind === 'renewal' && d.title === step.title && d.date)
        : undefined;
    const { row } = await insertAction(ctx, tx, {
      matter_id: plan.matter_id,
      campaign_id: plan.id,
      plan_step: i,
      type: step.type,
      title: step.title,
      priority: step.priority,
      due_at: renewal ? `${renewal.date}T00:00:00Z` : null,
      requirements: requirementsOf(step),
    });
    byStep.set(i, row);
    created++;
  }
  const now = new Date();
  return {
    object: 'plan_actions' as const,
    plan_id: plan.id,
    matter_id: plan.matter_id,
    created,
    existing: steps.length - created,
    actions: [...byStep.entries()].sort(([x], [y]) => x - y).map(([, a]) => actionOut(a, now)),
  };
}
