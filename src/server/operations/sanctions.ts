import { z } from 'zod';
import { defineOp } from './define';
import { arr, reviewStateOut, sourceRef, str, timestamp, day } from './schemas';
import { OFAC_REPORT_TYPES, OFAC_STATUSES, REVIEW_DECISIONS, REVIEW_STATUSES } from '../domain/sanctions/workflow';

/** Sanctions screening, review and the OFAC report workflow (API-CONTRACT §15), plus the
 *  Packets folder's sanctions-review packet, which answers a sanctions review. */
const subject = () => z.string().trim().min(1).max(500);
const id = () => z.string().trim().min(1).max(100);

const match = z.object({
  subject: z.string(),
  subject_type: z.enum(['wallet', 'entity', 'counterparty']),
  list: z.string(),
  list_date: day().nullable(),
  sdn_name: z.string(),
  programs: z.array(z.string()),
  match_type: z.enum(['exact', 'fuzzy']),
  score: z.number(),
  sdn_id: z.string(),
  sdn_type: z.string(),
  matched: z.string(),
  network: z.string().nullable(),
  assets: z.array(z.string()),
  alias: z
    .object({ type: z.enum(['aka', 'fka', 'nka']), weak: z.boolean() })
    .nullable()
    .optional(),
  explanation: z
    .object({
      confidence: z.enum(['exact', 'potential']),
      rules: z.array(z.string()),
      pairs: z.array(z.object({ query: z.string(), listed: z.string(), rule: z.string(), score: z.number() })),
      missing_allowed: z.array(z.string()),
      unmatched: z.array(z.string()),
    })
    .optional()
    .describe(
      'Why a name matched: exact (equal after normalization) or potential, the words paired and by which rule. A name match alone is never confirmed: that takes a second identifier (date of birth, nationality, address, ID number).',
    ),
});

const screenResult = z.object({
  object: z.literal('sanctions_screen'),
  review_id: z.string(),
  matter_id: z.string(),
  status: z.enum(['clear', 'potential_match', 'match']),
  matches: z.array(match),
  subjects: z.object({
    wallets: z.array(z.string()),
    entities: z.array(z.string()),
    counterparties: z.array(z.string()),
  }),
  ordinary_collection_paused: z.boolean(),
  required_actions: z.array(z.string()),
  review_required: z.boolean(),
  review_reasons: z.array(z.string()),
  datasets: z.array(z.string()),
  source: z.enum(['screen', 'sanctions_review_packet']),
  created_at: timestamp(),
  audit_ref: z.string().optional(),
});

const ofacSummary = z.object({ ofac_report_id: z.string(), status: z.enum(OFAC_STATUSES), due_date: day() }).nullable();

const review = z.object({
  object: z.literal('sanctions_review'),
  review_id: z.string(),
  matter_id: z.string(),
  screen_id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  matches: z.array(match),
  blocked_property_analysis: z.string(),
  ofac_report_required: z.boolean(),
  decision: z.enum(['cleared', 'blocked']).nullable(),
  decision_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: timestamp().nullable(),
  review_state: reviewStateOut,
  notes: z.string().nullable(),
  ordinary_collection_paused: z.boolean(),
  required_actions: z.array(z.string()),
  ofac_report: ofacSummary,
  packet: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
  audit_ref: z.string().optional(),
});

const ofacReport = z.object({
  object: z.literal('ofac_report'),
  ofac_report_id: z.string(),
  matter_id: z.string(),
  sanctions_review_id: z.string(),
  status: z.enum(OFAC_STATUSES),
  report_type: z.enum(OFAC_REPORT_TYPES),
  counsel_owner: z.string(),
  blocked_at: timestamp(),
  due_date: day(),
  overdue: z.boolean(),
  submitted_by: z.string().nullable(),
  submitted_at: timestamp().nullable(),
  acknowledged_at: timestamp().nullable(),
  review_required: z.boolean(),
  review_reasons: z.array(z.string()),
  history: z.array(
    z.object({ from: z.string(), to: z.string(), by: z.string(), at: z.string(), notes: z.string().nullable() }),
  ),
  created_at: timestamp(),
  updated_at: timestamp(),
  audit_ref: z.string().optional(),
});

export const screenSanctions = defineOp('POST', '/v1/sanctions/screen', {
  name: 'screenSanctions',
  summary:
    'Screen wallets against the OFAC digital-currency addresses and entities and counterparties against the SDN names',
  body: z.strictObject({
    matter_id: id(),
    wallets: arr(subject()).optional(),
    entities: arr(subject()).optional(),
    counterparties: arr(subject()).optional(),
  }),
  response: screenResult,
});

export const createSanctionsReviewPacket = defineOp('POST', '/v1/sanctions/review-packet', {
  name: 'createSanctionsReviewPacket',
  summary:
    'Open a sanctions review from a screen; counsel decides it (POST /v1/sanctions/{review_id}/decision or the console)',
  body: z.strictObject({ matter_id: id(), screen_id: id(), notes: str().nullable().optional() }),
  response: review,
});

export const decideSanctionsReview = defineOp('POST', '/v1/sanctions/{review_id}/decision', {
  name: 'decideSanctionsReview',
  summary:
    "Counsel's decision on a sanctions review: clear it (a false positive; lifts the collection pause) or block it (starts the OFAC report clock), always with a reason",
  body: z.strictObject({
    decision: z.enum(REVIEW_DECISIONS),
    reason: z
      .string()
      .max(10_000)
      .describe(
        'Why: for `cleared` why the match is a false positive, for `blocked` the identifiers that match. Required (a blank reason is refused).',
      ),
  }),
  response: review,
});

export const createOfacReportWorkflow = defineOp('POST', '/v1/sanctions/ofac-report-workflow', {
  name: 'createOfacReportWorkflow',
  summary: 'Start the OFAC blocked-property report workflow of a blocked review (due in 10 business days)',
  body: z.strictObject({
    matter_id: id(),
    sanctions_review_id: id(),
    report_type: z.enum(OFAC_REPORT_TYPES).optional(),
    counsel_owner: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe("A user id (usr_) of counsel who can see the matter, or counsel's name"),
  }),
  response: ofacReport,
});

export const getSanctionsReview = defineOp('GET', '/v1/sanctions/{review_id}', {
  name: 'getSanctionsReview',
  summary: 'A sanctions screen or review (`object` tells which), or an OFAC report workflow',
  response: z.union([screenResult, review, ofacReport]),
});

export const createPacketSanctionsReview = defineOp('POST', '/v1/packets/sanctions-review', {
  name: 'createPacketSanctionsReview',
  summary:
    'Sanctions evidence packet: screens the wallets and the judgment debtor and opens the blocked-property review',
  body: z.strictObject({
    matter_id: id(),
    judgment_id: id().nullable().optional(),
    wallets: arr(subject()).optional(),
    packet_type: z.enum(['sanctions_evidence']).optional(),
    authorized_sender: id().nullable().optional(),
    legal_authority_id: id().nullable().optional(),
    source_refs: arr(sourceRef()).optional(),
    notes: str().nullable().optional(),
  }),
  response: review,
});
