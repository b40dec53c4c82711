import { z } from 'zod';
import { CHANNEL_TYPES } from '../domain/relationships/vocabulary';
import { defineOp } from './define';
import {
  arr,
  listOf,
  listQuery,
  objectBase,
  reviewStateIn,
  reviewStateOut,
  sourceRef,
  str,
  timestamp,
  sourceRefOut,
} from './schemas';
import { PACKET_FAMILIES, PACKET_SUBTYPES, PACKET_TYPES } from '../domain/packets/families';
import { PACKET_STATUSES } from '../domain/packets/status';
import { REDACTION_PROFILES } from '../domain/packets/redaction';
import { EXPORT_FORMATS } from '../services/exports/formats';
import { EXPORT_STATUSES, exportObject } from './export-object';

/** The body of every creation path (specification: the same eight fields). */
const createBody = () =>
  z.strictObject({
    matter_id: str(100),
    judgment_id: str(100).optional(),
    wallets: arr(z.string().trim().min(1).max(200)).optional(),
    packet_type: z.string().max(100).optional(),
    authorized_sender: str(100),
    legal_authority_id: str(100),
    source_refs: arr(sourceRef()).optional(),
    notes: str().nullable().optional(),
  });

const check = z.object({ check: z.string(), status: z.enum(['pass', 'fail', 'review']), reason: z.string() });
const exportState = z.object({
  export_id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  redaction_profile: z.enum(REDACTION_PROFILES),
  status: z.enum(EXPORT_STATUSES),
  sha256: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  created_at: timestamp(),
});

const packet = objectBase('packet', 'packet_id')
  .extend({
    matter_id: z.string(),
    judgment_id: z.string().nullable(),
    type: z.enum(PACKET_TYPES),
    packet_type: z.enum(PACKET_SUBTYPES),
    status: z.enum(PACKET_STATUSES),
    authorized_sender: z.object({ user_id: z.string(), name: z.string(), roles: z.array(z.string()) }),
    legal_authority_id: z.string(),
    wallets: z.array(z.string()),
    recipient: z
      .object({ relationship_id: z.string(), counterparty_name: z.string(), channel_type: z.enum(CHANNEL_TYPES) })
      .nullable(),
    contents: z.record(z.string(), z.unknown()),
    readiness: z.object({ ready: z.boolean(), missing_items: z.array(z.string()), checks: z.array(check) }),
    review_state: reviewStateOut,
    source_refs: z.array(sourceRefOut),
    notes: z.string().nullable(),
    latest_export: exportState.nullable(),
    audit: z.object({
      request_id: z.string(),
      actor_id: z.string(),
      organization_id: z.string(),
      matter_id: z.string(),
      timestamp: timestamp(),
    }),
    updated_at: timestamp(),
  })
  .meta({
    id: 'Packet',
    description: 'A legal work product addressed to a counterparty: its contents, readiness, review and exports.',
  });

const create = (path: string, name: string, summary: string) =>
  defineOp('POST', `/v1/packets/${path}`, { name, summary, body: createBody(), response: packet });

const F = PACKET_FAMILIES;
const types = (t: keyof typeof F) => `packet_type: ${F[t].packet_types.join(', ')} (default ${F[t].packet_types[0]})`;

export const createExchangeInterceptPacket = create(
  'exchange-intercept',
  'createExchangeInterceptPacket',
  `Source-linked exchange/VASP preservation, freeze, information, turnover or remittance request; ${types('exchange_intercept')}`,
);
export const createVaspLegalProcessPacket = create(
  'vasp-legal-process',
  'createVaspLegalProcessPacket',
  `Counsel-reviewed VASP legal process; ${types('vasp_legal_process')}`,
);
export const createExchangeFreezePacket = create(
  'exchange-freeze',
  'createExchangeFreezePacket',
  `Exchange freeze/hold request (needs a court order); ${types('exchange_freeze')}`,
);
export const createExchangeTurnoverPacket = create(
  'exchange-turnover',
  'createExchangeTurnoverPacket',
  `Exchange turnover request (counsel, court order); ${types('exchange_turnover')}`,
);
export const createTurnoverWorkflowPacket = create(
  'turnover-workflow',
  'createTurnoverWorkflowPacket',
  `Court-supervised self-custody turnover with proof of control and a noncompliance tracker; ${types('turnover_workflow')}`,
);
export const createLawEnforcementReferralPacket = create(
  'law-enforcement-referral',
  'createLawEnforcementReferralPacket',
  `Referral by counsel; never uses a law-enforcement-only channel; ${types('law_enforcement_referral')}`,
);

export const getPacket = defineOp('GET', '/v1/packets/{packet_id}', {
  name: 'getPacket',
  summary: 'A packet with its contents, source manifest, readiness, review state, sender and export state',
  response: packet,
});

export const listPackets = defineOp('GET', '/v1/packets', {
  name: 'listPackets',
  summary: 'Packets, newest first, filtered by matter, type and status',
  query: listQuery({
    matter_id: str(100).optional(),
    type: z.enum(PACKET_TYPES).optional(),
    status: z.enum(PACKET_STATUSES).optional(),
  }),
  response: listOf(packet),
});

export const updatePacket = defineOp('PATCH', '/v1/packets/{packet_id}', {
  name: 'updatePacket',
  summary:
    'Move a packet through review (approved needs readiness and packets:approve); after sent only the response is recorded',
  body: z.strictObject({
    status: z.enum(PACKET_STATUSES).optional(),
    notes: str().nullable().optional(),
    review_state: reviewStateIn().optional(),
  }),
  response: packet,
});

export const exportPacket = defineOp('POST', '/v1/packets/{packet_id}/export', {
  name: 'exportPacket',
  summary: 'Render a packet as PDF, ZIP or JSON bundle under a redaction profile (asynchronous)',
  body: z.strictObject({ format: z.enum(EXPORT_FORMATS), redaction_profile: z.enum(REDACTION_PROFILES).optional() }),
  response: exportObject,
});

export const getExport = defineOp('GET', '/v1/exports/{export_id}', {
  name: 'getExport',
  summary: 'An export, with a fresh signed download_url (15 minutes, no API key needed) once it is ready',
  response: exportObject,
});
