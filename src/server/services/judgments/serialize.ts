import type { EnforcementPlan, Judgment, JudgmentDeadline, JudgmentValidation } from '@/generated/prisma/client';
import { exactNumber } from '../../json';
import { moneyJson } from '../../money';
import { deadlineStatus } from '../../domain/judgments/deadlines';
import { isoDate } from '../../domain/judgments/dates';
import { RULES_DATASET, resolveRules } from '../../domain/judgments/jurisdiction-rules';
import type { ASSIGNMENT_STATUSES, CLAIM_NATURES, DEBTOR_TYPES } from '../../domain/judgments/judgment-status';
import { computedRenewalDate, rateHistory } from './rules-context';

const day = (d: Date | null) => (d ? isoDate(d) : null);

/** The judgment resource (intake, PATCH, list; GET adds validation, deadlines, matter, balance). */
export function judgmentOut(j: Judgment) {
  const rules = resolveRules(j.jurisdiction);
  const override = day(j.renewal_deadline);
  const computed = computedRenewalDate(j);
  return {
    object: 'judgment' as const,
    judgment_id: j.id,
    matter_id: j.matter_id,
    type: j.type,
    court: j.court,
    case_number: j.case_number,
    jurisdiction: j.jurisdiction,
    date_entered: isoDate(j.date_entered),
    creditor: j.creditor,
    debtor: j.debtor,
    amount: moneyJson(j.amount, j.currency),
    status: j.status,
    appeal_stay_status: j.appeal_stay_status,
    bankruptcy_status: j.bankruptcy_status,
    renewal_deadline: override ?? computed,
    renewal_deadline_source: override ? ('user' as const) : computed ? ('rules' as const) : null,
    consumer_debt: j.consumer_debt,
    post_judgment_interest:
      j.interest_rate_pct !== null
        ? { rate_pct: exactNumber(j.interest_rate_pct), basis: j.interest_rate_basis ?? '' }
        : null,
    post_judgment_interest_history: rateHistory(j).map((h) => ({ ...h, rate_pct: Number(h.rate_pct) })),
    claim_nature: j.claim_nature as (typeof CLAIM_NATURES)[number] | null,
    debtor_type: j.debtor_type as (typeof DEBTOR_TYPES)[number] | null,
    assignment_status: j.assignment_status as (typeof ASSIGNMENT_STATUSES)[number],
    review_state: j.review_state,
    source_refs: j.source_refs,
    enforcement_profile: j.enforcement_profile,
    pressure_level: j.pressure_level,
    jurisdiction_rules: {
      known: rules.known,
      name: rules.name,
      federal: rules.federal,
      forum_state: rules.forum_state,
      verified: rules.verified,
      review_required: rules.review_reasons.length > 0,
      review_reasons: rules.review_reasons,
      dataset: `${RULES_DATASET.name} (${RULES_DATASET.as_of})`,
    },
    created_at: j.created_at.toISOString(),
    updated_at: j.updated_at.toISOString(),
  };
}

export function validationOut(v: JudgmentValidation, judgmentStatus?: string) {
  return {
    object: 'judgment_validation' as const,
    validation_id: v.id,
    judgment_id: v.judgment_id,
    matter_id: v.matter_id,
    enforcement_ready: v.enforcement_ready,
    review_required: v.review_required,
    review_reasons: v.review_reasons,
    missing_items: v.missing_items,
    gates: v.gates,
    checks_run: (v.inputs as { checks_run?: string[] }).checks_run ?? [],
    ...(judgmentStatus ? { judgment_status: judgmentStatus } : {}),
    created_at: v.created_at.toISOString(),
  };
}

export function deadlineOut(d: JudgmentDeadline, today = isoDate(new Date())) {
  return {
    object: 'deadline' as const,
    deadline_id: d.id,
    judgment_id: d.judgment_id,
    matter_id: d.matter_id,
    type: d.type,
    kind: d.kind,
    date: day(d.date),
    window_opens: day(d.window_opens),
    title: d.title,
    description: d.description,
    legal_basis: d.legal_basis,
    owner: d.owner,
    status: deadlineStatus(d.status, day(d.date), today),
    source: d.source,
    review_required: d.review_required,
    review_reasons: d.review_reasons,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}

export function planOut(p: EnforcementPlan) {
  const plan = p.plan as Record<string, unknown>;
  return {
    object: 'enforcement_plan' as const,
    plan_id: p.id,
    judgment_id: p.judgment_id,
    matter_id: p.matter_id,
    profile: p.profile,
    pressure_level: p.pressure_level,
    review_required: p.review_required,
    ...plan,
    constraints: (p.inputs as { constraints?: unknown }).constraints ?? null,
    created_at: p.created_at.toISOString(),
  };
}

/**
 * Outbox payloads: recordChange stores them in the stored form (json.ts toStored), which keeps
 * ExactNumbers, so an event carries every digit the response does.
 */
export const eventData = (o: object): object => o;
