import { z } from 'zod';
import { defineOp } from './define';
import {
  arr,
  date,
  decimal,
  listOf,
  listQuery,
  moneyIn,
  moneyOut,
  name,
  reviewStateIn,
  reviewStateOut,
  sourceRef,
  str,
  timestamp,
  day,
  sourceRefOut,
} from './schemas';
import { JURISDICTION_RE } from '../domain/judgments/jurisdiction-rules';
import {
  APPEAL_STAY_STATUSES,
  BANKRUPTCY_STATUSES,
  JUDGMENT_STATUSES,
  JUDGMENT_TYPES,
  ASSIGNMENT_STATUSES,
  CLAIM_NATURES,
  DEBTOR_TYPES,
} from '../domain/judgments/judgment-status';
import { GATE_NAMES } from '../domain/judgments/validation-gates';
import { PROFILES } from '../domain/judgments/enforcement-plan';
import { DEADLINE_LIST_STATUSES } from '../services/judgments/deadlines';

const DEADLINE_TYPES = ['renewal', 'service', 'response', 'hearing', 'packet', 'monitoring'] as const;
const PROFILE_NAMES = Object.keys(PROFILES) as [keyof typeof PROFILES, ...(keyof typeof PROFILES)[]];

/**
 * A real calendar date (z.iso.date checks the shape; this rejects 2025-02-30). zod runs the
 * refinement even when the shape check failed, so an unreadable value ('' or 'abc') must not
 * reach toISOString(), which would throw (a 500) instead of answering 400.
 */
const calendarDate = () =>
  date().refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
  }, 'not a calendar date');

const jurisdiction = () =>
  z
    .string()
    .max(40)
    .trim()
    .toUpperCase()
    .regex(JURISDICTION_RE, 'an ISO 3166-2 code such as US-CA, or US-FED-<state> for a federal court');

const interestIn = () =>
  z
    .strictObject({
      rate_pct: decimal(),
      basis: name(),
      effective_from: calendarDate()
        .optional()
        .describe(
          'The day this rate takes effect (default: the entry date on intake, today on update); earlier time keeps the earlier rate.',
        ),
    })
    .describe(
      "Post-judgment rate where the jurisdiction's rate rests on an index the service does not ship (e.g. the 28 U.S.C. § 1961 1-year Treasury rate).",
    );
/** The facts enforcement law turns on: claim nature, debtor type, assignment of record. */
const claimFacts = () => ({
  claim_nature: z.enum(CLAIM_NATURES).nullable().optional(),
  debtor_type: z.enum(DEBTOR_TYPES).nullable().optional(),
  assignment_status: z.enum(ASSIGNMENT_STATUSES).optional(),
});

const gateOut = z
  .object({
    gate: z.enum(GATE_NAMES),
    status: z.enum(['pass', 'fail', 'review']),
    reasons: z.array(z.string()),
    required_actions: z.array(z.string()),
  })
  .meta({ id: 'ValidationGate', description: 'One enforcement-readiness gate and its outcome.' });

const deadline = z
  .object({
    object: z.literal('deadline'),
    deadline_id: z.string(),
    judgment_id: z.string(),
    matter_id: z.string(),
    type: z.enum(DEADLINE_TYPES),
    kind: z.string(),
    date: day().nullable(),
    window_opens: day().nullable(),
    title: z.string(),
    description: z.string(),
    legal_basis: z.string().nullable(),
    owner: z.string().nullable(),
    status: z.enum(DEADLINE_LIST_STATUSES),
    source: z.enum(['rules', 'user', 'none']),
    review_required: z.boolean(),
    review_reasons: z.array(z.string()),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Deadline', description: 'A deadline (a legal last day) of a judgment.' });

const judgment = z
  .object({
    object: z.literal('judgment'),
    judgment_id: z.string(),
    matter_id: z.string(),
    type: z.enum(JUDGMENT_TYPES),
    court: z.string(),
    case_number: z.string(),
    jurisdiction: z.string(),
    date_entered: z.string(),
    creditor: z.string(),
    debtor: z.string(),
    amount: moneyOut,
    status: z.enum(JUDGMENT_STATUSES),
    appeal_stay_status: z.enum(APPEAL_STAY_STATUSES),
    bankruptcy_status: z.enum(BANKRUPTCY_STATUSES),
    renewal_deadline: z.string().nullable(),
    renewal_deadline_source: z.enum(['user', 'rules']).nullable(),
    consumer_debt: z.boolean().nullable(),
    post_judgment_interest: z.object({ rate_pct: z.number(), basis: z.string() }).nullable(),
    post_judgment_interest_history: z.array(z.object({ from: z.string(), rate_pct: z.number(), basis: z.string() })),
    claim_nature: z.enum(CLAIM_NATURES).nullable(),
    debtor_type: z.enum(DEBTOR_TYPES).nullable(),
    assignment_status: z.enum(ASSIGNMENT_STATUSES),
    review_state: reviewStateOut,
    source_refs: z.array(sourceRefOut),
    enforcement_profile: z.enum(PROFILE_NAMES).nullable(),
    pressure_level: z.number().int().nullable(),
    jurisdiction_rules: z.object({
      known: z.boolean(),
      name: z.string(),
      federal: z.boolean(),
      forum_state: z.string().nullable(),
      verified: z.boolean(),
      review_required: z.boolean(),
      review_reasons: z.array(z.string()),
      dataset: z.string(),
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({ id: 'Judgment', description: 'A money judgment taken in on a matter.' });

const validation = z
  .object({
    object: z.literal('judgment_validation'),
    validation_id: z.string(),
    judgment_id: z.string(),
    matter_id: z.string(),
    enforcement_ready: z.boolean(),
    review_required: z.boolean(),
    review_reasons: z.array(z.string()),
    missing_items: z.array(z.string()),
    gates: z.array(gateOut),
    checks_run: z.array(z.enum(GATE_NAMES)),
    judgment_status: z.enum(JUDGMENT_STATUSES).optional(),
    created_at: timestamp(),
  })
  .meta({
    id: 'JudgmentValidation',
    description: 'The outcome of the enforcement-readiness gates; a failed gate is an answer, not an error.',
  });

const money = moneyOut;
const balanceSummary = z.object({
  currency: z.string(),
  as_of: z.string(),
  included: z.boolean(),
  judgment_principal: money.optional(),
  accrued_interest: money.optional(),
  costs: money.optional(),
  recovered: money.optional(),
  balance_outstanding: money.optional(),
  interest_rate_known: z.boolean().optional(),
  interest_basis: z.record(z.string(), z.unknown()).nullable(),
  review_required: z.boolean(),
});

export const intakeJudgment = defineOp('POST', '/v1/judgments/intake', {
  name: 'intakeJudgment',
  summary: 'Take in a judgment on a matter; deadlines are computed from the jurisdiction rules',
  body: z.strictObject({
    matter_id: str(100),
    court: name(),
    case_number: z.string().trim().min(1).max(200),
    jurisdiction: jurisdiction(),
    creditor: name(),
    debtor: name(),
    amount: moneyIn(),
    date_entered: calendarDate(),
    type: z.enum(JUDGMENT_TYPES).optional(),
    source_refs: arr(sourceRef()).optional(),
    consumer_debt: z.boolean().nullable().optional(),
    post_judgment_interest: interestIn().nullable().optional(),
    ...claimFacts(),
  }),
  response: judgment,
});

const planAction = z
  .object({
    type: z.string(),
    title: z.string(),
    priority: z.enum(['urgent', 'high', 'normal', 'low']),
    rationale: z.string(),
    legal_basis: z.string(),
    packet_type: z.string().nullable(),
    pressure_level: z.number().int(),
    target: z.object({ kind: z.string(), value: z.string() }),
  })
  .meta({ id: 'PlanAction', description: 'A recommended enforcement action.' });

const enforcementPlan = z.object({
  object: z.literal('enforcement_plan'),
  plan_id: z.string(),
  judgment_id: z.string(),
  matter_id: z.string(),
  profile: z.enum(PROFILE_NAMES),
  pressure_level: z.number().int(),
  review_required: z.boolean(),
  review_reasons: z.array(z.string()),
  priority_actions: z.array(planAction),
  blocked_actions: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      packet_type: z.string().nullable(),
      target: z.object({ kind: z.string(), value: z.string() }),
      blocked_by: z.string(),
      reason: z.string(),
    }),
  ),
  deadlines: z.array(deadline),
  gates: z.array(gateOut),
  wallets: z.array(
    z.object({
      address: z.string(),
      network: z.string(),
      valid: z.boolean(),
      category: z.string(),
      exchange: z.string().nullable(),
      sanctions: z.array(z.object({ sdn_name: z.string(), programs: z.array(z.string()) })),
      note: z.string().nullable(),
    }),
  ),
  datasets: z.array(z.string()),
  constraints: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestamp(),
});

export const getJudgment = defineOp('GET', '/v1/judgments/{judgment_id}', {
  name: 'getJudgment',
  summary: 'A judgment with its latest validation, upcoming deadlines, linked matter and balance summary',
  response: judgment.extend({
    validation: validation.nullable(),
    deadlines: z.array(deadline),
    matter: z.object({
      matter_id: z.string(),
      name: z.string(),
      mode: z.string(),
      status: z.string(),
      authority_status: z.string(),
    }),
    balance: balanceSummary,
    latest_plan: enforcementPlan.nullable().describe('The most recent enforcement plan of the judgment, if any.'),
  }),
});

export const updateJudgment = defineOp('PATCH', '/v1/judgments/{judgment_id}', {
  name: 'updateJudgment',
  summary: 'Update a judgment: status moves, stays, bankruptcy, renewal date, review state',
  body: z.strictObject({
    status: z.enum(JUDGMENT_STATUSES).optional(),
    appeal_stay_status: z.enum(APPEAL_STAY_STATUSES).optional(),
    bankruptcy_status: z.enum(BANKRUPTCY_STATUSES).optional(),
    renewal_deadline: calendarDate().nullable().optional(),
    review_state: reviewStateIn().optional(),
    consumer_debt: z.boolean().nullable().optional(),
    post_judgment_interest: interestIn().nullable().optional(),
    source_refs: arr(sourceRef()).optional(),
    ...claimFacts(),
  }),
  response: judgment,
});

export const validateJudgment = defineOp('POST', '/v1/judgments/{judgment_id}/validate', {
  name: 'validateJudgment',
  summary: 'Run the enforcement-readiness gates; a failed gate is an answer, not an error',
  body: z.strictObject({
    checks: arr(z.enum(GATE_NAMES)).optional(),
    consumer_debt: z.boolean().optional(),
    bankruptcy_known: z.boolean().optional(),
    appeal_stay_known: z.boolean().optional(),
  }),
  response: validation,
});

export const listJudgmentDeadlines = defineOp('GET', '/v1/judgments/{judgment_id}/deadlines', {
  name: 'listJudgmentDeadlines',
  summary: "A judgment's deadlines (legal last days), current ones by default",
  query: listQuery({ status: z.enum(DEADLINE_LIST_STATUSES).optional(), type: z.enum(DEADLINE_TYPES).optional() }),
  response: listOf(deadline),
});

export const setEnforcementProfile = defineOp('POST', '/v1/judgments/{judgment_id}/enforcement-profile', {
  name: 'setEnforcementProfile',
  summary: 'Set the enforcement posture (needs a ready validation)',
  body: z.strictObject({ profile: z.enum(PROFILE_NAMES), notes: str().nullable().optional() }),
  response: z.object({
    object: z.literal('enforcement_profile'),
    judgment_id: z.string(),
    matter_id: z.string(),
    profile: z.enum(PROFILE_NAMES),
    pressure_level: z.number().int(),
    notes: z.string().nullable(),
    validation_id: z.string(),
    review_state: reviewStateOut,
    set_at: timestamp(),
  }),
});

export const createEnforcementPlan = defineOp('POST', '/v1/judgments/{judgment_id}/enforcement-plan', {
  name: 'createEnforcementPlan',
  summary: 'Build an explainable enforcement plan from the judgment, profile, constraints, wallets and exchanges',
  body: z.strictObject({
    profile: z.enum(PROFILE_NAMES).optional(),
    constraints: z
      .strictObject({
        consumer_debt: z.boolean().optional(),
        bankruptcy_known: z.boolean().optional(),
        appeal_stay_known: z.boolean().optional(),
        sanctions_review_required: z.boolean().optional(),
        // OFAC's 50 Percent Rule: aggregate % of the debtor owned by blocked persons, when known.
        blocked_ownership_pct: z.number().min(0).max(100).optional(),
        // Fed. R. Bankr. P. 4007(c): the non-dischargeability deadline runs from this date.
        bankruptcy_meeting_date: calendarDate().optional(),
      })
      .optional(),
    known_wallets: arr(z.string().trim().min(1).max(200))
      .optional()
      .describe("Addresses to plan against (default: the matter's imported wallets)."),
    known_exchanges: arr(z.string().trim().min(1).max(200)).optional(),
  }),
  response: enforcementPlan,
});

export const listJudgments = defineOp('GET', '/v1/judgments', {
  name: 'listJudgments',
  summary: 'Judgments, newest first, filtered by matter, type and status',
  query: listQuery({
    matter_id: str(100).optional(),
    type: z.enum(JUDGMENT_TYPES).optional(),
    status: z.enum(JUDGMENT_STATUSES).optional(),
  }),
  response: listOf(judgment),
});
