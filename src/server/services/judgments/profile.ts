import type { Ctx, Tx } from '../../context';
import { ApiError } from '../../errors';
import { PROFILES, type Profile } from '../../domain/judgments/enforcement-plan';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { latestValidation, lockJudgment } from './load';
import { eventData } from './serialize';

/**
 * Sets the enforcement posture (gated): measured → pressure 1, assertive → 2, maximum_lawful
 * → 3. Only a judgment whose latest validation is ready, and that is validated or enforcing,
 * may get one (409 judgment_not_enforcement_ready otherwise). On a consumer debt,
 * maximum_lawful puts the judgment under counsel review.
 */
export async function setEnforcementProfile(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { profile: Profile; notes?: string | null },
) {
  const j = await lockJudgment(ctx, tx, id);
  await loadWritableMatter(ctx, tx, j.matter_id);
  const latest = await latestValidation(tx, j.id);
  if (!latest?.enforcement_ready || !['validated', 'enforcing'].includes(j.status)) {
    const failing = latest
      ? (latest.gates as { gate: string; status: string }[])
          .filter((g) => g.status !== 'pass')
          .map((g) => `${g.gate} (${g.status})`)
      : [];
    const why = !latest
      ? 'it has never been validated'
      : !latest.enforcement_ready
        ? `its latest validation ${latest.id} is not ready: ${failing.join(', ')}`
        : `its status is '${j.status}'`;
    throw new ApiError(
      'judgment_not_enforcement_ready',
      `Judgment ${j.id} is not enforcement-ready: ${why}. Run POST /v1/judgments/${j.id}/validate until every gate passes.`,
      {
        details: { judgment_id: j.id, status: j.status, validation_id: latest?.id ?? null, failing_gates: failing },
      },
    );
  }
  const level = PROFILES[input.profile];
  const review = { ...(j.review_state as Record<string, unknown>) };
  if (j.consumer_debt && input.profile === 'maximum_lawful') {
    Object.assign(review, {
      review_required: true,
      review_status: 'pending',
      review_notes: 'maximum_lawful on a consumer debt: counsel reviews every step for consumer-protection compliance.',
    });
  }
  const updated = await tx.judgment.update({
    where: { id: j.id },
    data: {
      enforcement_profile: input.profile,
      pressure_level: level,
      profile_notes: input.notes ?? null,
      review_state: review as object,
    },
  });
  const out = {
    object: 'enforcement_profile' as const,
    judgment_id: j.id,
    matter_id: j.matter_id,
    profile: input.profile,
    pressure_level: level,
    notes: updated.profile_notes,
    validation_id: latest.id,
    review_state: updated.review_state,
    set_at: updated.updated_at.toISOString(),
  };
  await recordChange(ctx, tx, {
    event_type: 'judgment.enforcement_profile_set',
    object_type: 'judgment',
    object_id: j.id,
    matter_id: j.matter_id,
    details: { profile: input.profile, pressure_level: level, previous: j.enforcement_profile },
    data: eventData(out),
  });
  return out;
}
