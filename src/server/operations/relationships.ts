import { z } from 'zod';
import { PACKET_TYPES as PACKET_FAMILY_TYPES } from '../domain/packets/families';
import { PACKET_STATUSES } from '../domain/packets/status';
import { defineOp } from './define';
import { arr, idRef, listOf, listQuery, name, str, timestamp } from './schemas';
import {
  CHANNEL_TYPES,
  CONTACT_TYPES,
  COUNTERPARTY_TYPES,
  OUTCOMES,
  PACKET_TYPES,
  RISK_LEVELS,
} from '../domain/relationships/vocabulary';

const contactLog = z.object({
  object: z.literal('contact_log'),
  contact_log_id: z.string(),
  relationship_id: z.string(),
  counterparty_id: z.string(),
  matter_id: z.string(),
  authorized_sender: z.string(),
  contact_type: z.enum(CONTACT_TYPES),
  packet_id: z.string().nullable(),
  outcome: z.enum(OUTCOMES),
  notes: z.string().nullable(),
  created_at: timestamp(),
  audit_ref: z.string().optional(),
});

const relationship = z
  .object({
    object: z.literal('relationship'),
    relationship_id: z.string(),
    counterparty_id: z.string(),
    counterparty_type: z.enum(COUNTERPARTY_TYPES),
    counterparty_name: z.string(),
    channel_type: z.enum(CHANNEL_TYPES),
    usable_by_operator: z.boolean(),
    usable_by_counsel: z.boolean(),
    usable_by_law_enforcement: z.boolean(),
    authorized_submitter_required: z.boolean(),
    law_enforcement_only: z.boolean(),
    packet_types_supported: z.array(z.enum(PACKET_TYPES)),
    risk_level: z.enum(RISK_LEVELS),
    notes: z.string().nullable(),
    contact_history: z.array(contactLog.omit({ audit_ref: true })),
    created_at: timestamp(),
    updated_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'Relationship',
    description: 'A channel to a counterparty (exchange, issuer, court, agency) and what it may be used for.',
  });

const packetTypes = () => arr(z.enum(PACKET_TYPES));

export const createRelationship = defineOp('POST', '/v1/relationships', {
  name: 'createRelationship',
  summary: 'Register a channel to a counterparty; the counterparty is found or created by type and normalized name',
  body: z.strictObject({
    counterparty_type: z.enum(COUNTERPARTY_TYPES),
    counterparty_name: name(),
    channel_type: z.enum(CHANNEL_TYPES),
    usable_by_operator: z.boolean(),
    usable_by_counsel: z.boolean(),
    usable_by_law_enforcement: z.boolean(),
    authorized_submitter_required: z.boolean(),
    packet_types_supported: packetTypes(),
    risk_level: z.enum(RISK_LEVELS).optional(),
    notes: str().nullable().optional(),
  }),
  response: relationship,
});

export const listRelationships = defineOp('GET', '/v1/relationships', {
  name: 'listRelationships',
  summary:
    'Relationships of the environment, newest first, by counterparty, counterparty type or supported packet type',
  query: listQuery({
    counterparty_id: idRef('cou', 'a counterparty').optional(),
    counterparty_type: z.enum(COUNTERPARTY_TYPES).optional(),
    packet_type: z.enum(PACKET_TYPES).optional(),
  }),
  response: listOf(relationship),
});

export const getRelationship = defineOp('GET', '/v1/relationships/{relationship_id}', {
  name: 'getRelationship',
  summary: 'A relationship: channel, who may use it, packet support and contact history',
  response: relationship,
});

export const updateRelationship = defineOp('PATCH', '/v1/relationships/{relationship_id}', {
  name: 'updateRelationship',
  summary: 'Change the channel type, risk level, notes or supported packet types',
  body: z.strictObject({
    channel_type: z.enum(CHANNEL_TYPES).optional(),
    risk_level: z.enum(RISK_LEVELS).optional(),
    notes: str().nullable().optional(),
    packet_types_supported: packetTypes().optional(),
  }),
  response: relationship,
});

export const createContactLog = defineOp('POST', '/v1/relationships/{relationship_id}/contact-log', {
  name: 'createContactLog',
  summary:
    'Log a contact on a matter through this channel; a channel the sender may not use is 403 channel_not_permitted',
  body: z.strictObject({
    matter_id: str(100),
    authorized_sender: idRef('usr', 'a user'),
    contact_type: z.enum(CONTACT_TYPES),
    packet_id: idRef('pac', 'a packet').nullable().optional(),
    outcome: z.enum(OUTCOMES),
    notes: str().nullable().optional(),
  }),
  response: contactLog,
});

export const getCounterparty = defineOp('GET', '/v1/relationships/counterparties/{counterparty_id}', {
  name: 'getCounterparty',
  summary: 'A counterparty with its relationships, packets and response history',
  response: z.object({
    object: z.literal('counterparty'),
    counterparty_id: z.string(),
    counterparty_type: z.enum(COUNTERPARTY_TYPES),
    counterparty_name: z.string(),
    relationships: z.array(relationship.omit({ audit_ref: true })),
    packets: z.array(
      z.object({
        packet_id: z.string(),
        matter_id: z.string(),
        type: z.enum(PACKET_FAMILY_TYPES),
        status: z.enum(PACKET_STATUSES),
        relationship_id: z.string().nullable(),
        last_contact_at: timestamp().nullable(),
      }),
    ),
    response_history: z.array(contactLog.omit({ audit_ref: true })),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  }),
});
