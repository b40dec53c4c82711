import { z } from 'zod';
import { defineOp } from './define';
import { dateTime, freeObject, listOf, listQuery, str, timestamp } from './schemas';

const auditEvent = z
  .object({
    object: z.literal('audit_event'),
    event_id: z.string(),
    matter_id: z.string().nullable(),
    event_type: z.string(),
    actor_id: z.string(),
    actor: z.object({ key_id: z.string().nullable(), user_id: z.string().nullable() }),
    object_type: z.string(),
    object_id: z.string(),
    request_id: z.string(),
    timestamp: timestamp(),
    details: z.record(z.string(), z.unknown()),
    sequence: z.number().int(),
    prev_hash: z.string(),
    hash: z.string(),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({ id: 'AuditEvent', description: "One link of a matter's tamper-evident audit chain." });

export const listMatterAudit = defineOp('GET', '/v1/audit/matters/{matter_id}', {
  name: 'listMatterAudit',
  summary: 'A matter’s audit events, newest first',
  query: listQuery({
    object_type: str(100).optional(),
    object_id: str(100).optional(),
    actor_id: str(100).optional(),
    event_type: str(200).optional(),
    created_gte: dateTime().optional(),
    created_lte: dateTime().optional(),
  }),
  response: listOf(auditEvent),
});
export const createAuditEvent = defineOp('POST', '/v1/audit/events', {
  name: 'createAuditEvent',
  summary: 'Write a custom audit event (event_type under custom.)',
  body: z.strictObject({
    matter_id: str(100),
    event_type: z
      .string()
      .max(108)
      .regex(/^custom\.[a-z0-9_.]{1,100}$/, "custom.<name> (lowercase letters, digits, '_' and '.')"),
    object_type: str(100).optional(),
    object_id: str(100).optional(),
    details: freeObject().optional(),
  }),
  response: auditEvent,
});
export const getAuditEvent = defineOp('GET', '/v1/audit/events/{event_id}', {
  name: 'getAuditEvent',
  summary: 'One audit event',
  response: auditEvent,
});
export const verifyMatterAudit = defineOp('GET', '/v1/audit/matters/{matter_id}/verify', {
  name: 'verifyMatterAudit',
  summary: 'Recompute a matter’s hash chain',
  response: z
    .object({
      object: z.literal('audit_verification'),
      matter_id: z.string(),
      valid: z.boolean(),
      events_checked: z.number().int(),
      head_hash: z.string().nullable(),
      first_invalid_event_id: z.string().nullable(),
      verified_at: timestamp(),
    })
    .meta({ id: 'AuditVerification', description: "The outcome of recomputing a matter's hash chain." }),
});
