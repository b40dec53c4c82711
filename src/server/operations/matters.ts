import { z } from 'zod';
import { defineOp } from './define';
import {
  arr,
  dateTime,
  freeObject,
  listOf,
  listQuery,
  moneyOut,
  name,
  objectBase,
  reviewStateIn,
  reviewStateOut,
  sourceRef,
  str,
  timestamp,
  sourceRefOut,
  ENVIRONMENTS,
} from './schemas';
import { CLOSE_REASONS, MATTER_MODES, MATTER_STATUSES } from '../services/matters/matters';
import { AUTHORITY_BASES } from '../services/matters/authority';
import { CLAIMANT_ROLES } from '../services/matters/claimants';

/** Economics is free-form, but the keys the service computes with are typed. */
const economics = () =>
  freeObject().and(
    z.object({
      contingency_fee_pct: z.number().min(0).max(100).optional(),
      currency: z
        .string()
        .max(12)
        .regex(/^[A-Za-z0-9]{2,12}$/)
        .optional(),
    }),
  );

const AUTHORITY_STATUSES = ['none', 'granted', 'expired', 'revoked'] as const;
/** The sanctions pause where people work (issue 30 part 4): null when collection is not paused. */
const collectionPaused = z
  .object({
    reason: z.string(),
    sanctions_review_id: z.string().nullable(),
    review_status: z.enum(['in_review', 'blocked', 'reported']).nullable(),
    since: timestamp(),
    unresolved_matches: z.number().int(),
  })
  .nullable()
  .meta({
    id: 'CollectionPaused',
    description:
      'Why ordinary collection on the matter is paused by a sanctions match, the review deciding it (null until one is opened) and since when; null when it is not paused. While paused, turnover, remittance, burn/reissue and issuer freeze need an OFAC specific license (31 CFR 501.801) and answer 403 collection_paused; restraint and preservation stay available.',
  });
const matter = objectBase('matter', 'matter_id')
  .extend({
    name: z.string(),
    mode: z.enum(MATTER_MODES),
    status: z.enum(MATTER_STATUSES),
    organization_id: z.string(),
    environment: z.enum(ENVIRONMENTS),
    lead_counsel: z.string().nullable(),
    economics: z.record(z.string(), z.unknown()),
    notes: z.string().nullable(),
    retention_policy: z.string().nullable(),
    authority_status: z.enum(AUTHORITY_STATUSES),
    collection_paused: collectionPaused,
    closed_reason: z.enum(CLOSE_REASONS).nullable(),
    closed_at: timestamp().nullable(),
    updated_at: timestamp(),
  })
  .meta({
    id: 'Matter',
    description: 'A matter: the container for authority, claimants, judgments, the ledger and the audit chain.',
  });

export const createMatter = defineOp('POST', '/v1/matters', {
  name: 'createMatter',
  summary: 'Create a matter, the container for authority, judgments and the audit chain',
  body: z.strictObject({
    name: name(),
    mode: z.enum(MATTER_MODES),
    lead_counsel: str(200).nullable().optional(),
    economics: economics().optional(),
    notes: str().nullable().optional(),
    retention_policy: str(200).nullable().optional(),
  }),
  response: matter,
});
export const listMatters = defineOp('GET', '/v1/matters', {
  name: 'listMatters',
  summary: 'Matters visible to the caller (filtered by role and matter permission)',
  query: listQuery({
    status: z.enum(MATTER_STATUSES).optional(),
    mode: z.enum(MATTER_MODES).optional(),
    name: str(200).optional(),
  }),
  response: listOf(matter),
});
export const getMatter = defineOp('GET', '/v1/matters/{matter_id}', {
  name: 'getMatter',
  summary: 'A matter with its summary status',
  response: matter,
});
export const updateMatter = defineOp('PATCH', '/v1/matters/{matter_id}', {
  name: 'updateMatter',
  summary: 'Update a matter (status moves open ⇄ on_hold; closing uses /close)',
  body: z.strictObject({
    name: name().optional(),
    status: z.enum(MATTER_STATUSES).optional(),
    lead_counsel: str(200).nullable().optional(),
    economics: economics().optional(),
    retention_policy: str(200).nullable().optional(),
    notes: str().nullable().optional(),
  }),
  response: matter,
});
export const getMatterDashboard = defineOp('GET', '/v1/matters/{matter_id}/dashboard', {
  name: 'getMatterDashboard',
  summary: 'Matter dashboard figures',
  response: z
    .object({
      object: z.literal('matter_dashboard'),
      matter_id: z.string(),
      status: z.enum(MATTER_STATUSES),
      authority_status: z.enum(AUTHORITY_STATUSES),
      collection_paused: collectionPaused,
      judgment_value: moneyOut.nullable(),
      known_crypto_exposure: moneyOut.describe(
        "USD value of the latest asset map's valued holdings in wallets the debtor owns or controls (roles debtor_owned, debtor_controlled), valued at the map's creation (`valuation_time`).",
      ),
      other_crypto_holdings: z
        .array(
          z.object({ wallet_role: z.string(), usd_value: moneyOut, wallets: z.number().int(), reason: z.string() }),
        )
        .describe(
          "Value the same asset map found in the matter's other wallets (an exchange's deposit address, counterparties, unknown wallets), by role: listed apart, not counted in known_crypto_exposure.",
        ),
      open_actions: z.number().int(),
      open_packets: z.number().int(),
      alerts: z.number().int(),
      recovery_events: z.number().int().nullable(),
      operator_economics: moneyOut.nullable(),
      recovered: moneyOut.nullable(),
      claimants: z.number().int(),
      count_cap: z
        .number()
        .int()
        .describe(
          'The most that open_actions, open_packets, alerts and claimants report: each is exact up to it, and is this number when the matter has more (named in `capped_counts`).',
        ),
      capped_counts: z
        .array(z.enum(['open_actions', 'open_packets', 'alerts', 'claimants']))
        .describe(
          'The counts the matter has more than `count_cap` of ("more than count_cap"); empty when every count is exact. The lists, filtered by status, page through all of them.',
        ),
      as_of: z.string(),
    })
    .meta({
      id: 'MatterDashboard',
      description:
        'Matter dashboard figures, computed at `as_of`. Ledger figures (judgment_value, recovery_events, operator_economics, recovered) are null for a caller without ledger:read.',
    }),
});
export const closeMatter = defineOp('POST', '/v1/matters/{matter_id}/close', {
  name: 'closeMatter',
  summary: 'Close a matter with a reason; a closed matter refuses every write',
  body: z.strictObject({ reason: z.enum(CLOSE_REASONS), notes: str().nullable().optional() }),
  response: matter,
});

const grant = objectBase('authority_grant', 'authority_id')
  .extend({
    matter_id: z.string(),
    basis: z.enum(AUTHORITY_BASES),
    granted_by: z.string(),
    holder_user_id: z.string().nullable(),
    status: z.enum(['granted', 'revoked', 'expired']),
    effective_at: timestamp(),
    expires_at: timestamp().nullable(),
    source_refs: z.array(sourceRefOut),
    notes: z.string().nullable(),
    revoked_at: timestamp().nullable(),
  })
  .meta({
    id: 'AuthorityGrant',
    description: 'An authority grant: the basis on which the operator may act on the matter.',
  });
export const grantAuthority = defineOp('POST', '/v1/matters/{matter_id}/authority', {
  name: 'grantAuthority',
  summary: 'Grant authority on a matter (what gated operations require)',
  body: z.strictObject({
    basis: z.enum(AUTHORITY_BASES),
    granted_by: name(),
    holder_user_id: str(100).nullable().optional(),
    effective_at: dateTime().optional(),
    expires_at: dateTime().nullable().optional(),
    source_refs: arr(sourceRef()).min(1),
    notes: str().nullable().optional(),
  }),
  response: grant,
});
export const listAuthorityGrants = defineOp('GET', '/v1/matters/{matter_id}/authority', {
  name: 'listAuthorityGrants',
  summary: 'Authority grants of a matter',
  query: listQuery(),
  response: listOf(grant),
});
export const revokeAuthorityGrant = defineOp('POST', '/v1/matters/{matter_id}/authority/{authority_id}/revoke', {
  name: 'revokeAuthorityGrant',
  summary: 'Revoke an authority grant',
  body: z.strictObject({ reason: str(2000).nullable().optional() }),
  response: grant,
});

const claimant = objectBase('claimant', 'claimant_id')
  .extend({
    matter_id: z.string(),
    name: z.string(),
    role: z.enum(CLAIMANT_ROLES),
    economics: z.record(z.string(), z.unknown()),
    source_refs: z.array(sourceRefOut),
    review_state: reviewStateOut,
    updated_at: timestamp(),
  })
  .meta({ id: 'Claimant', description: 'A creditor, assignee or other holder of a recovery interest in the matter.' });
export const createClaimant = defineOp('POST', '/v1/matters/{matter_id}/claimants', {
  name: 'createClaimant',
  summary: 'Add a claimant (creditor, assignee or other recovery-interest holder)',
  body: z.strictObject({
    name: name(),
    role: z.enum(CLAIMANT_ROLES),
    economics: economics().optional(),
    source_refs: arr(sourceRef()).optional(),
    review_state: reviewStateIn().optional(),
  }),
  response: claimant,
});
export const listClaimants = defineOp('GET', '/v1/matters/{matter_id}/claimants', {
  name: 'listClaimants',
  summary: 'Claimants of a matter',
  query: listQuery(),
  response: listOf(claimant),
});
export const getClaimant = defineOp('GET', '/v1/claimants/{claimant_id}', {
  name: 'getClaimant',
  summary: 'A claimant with economics terms',
  response: claimant,
});
export const updateClaimant = defineOp('PATCH', '/v1/claimants/{claimant_id}', {
  name: 'updateClaimant',
  summary: 'Update a claimant',
  body: z.strictObject({
    name: name().optional(),
    economics: economics().optional(),
    review_state: reviewStateIn().optional(),
  }),
  response: claimant,
});
