import { z } from 'zod';

/** The event object (API-CONTRACT §10): listed by /v1/events and POSTed to webhook endpoints. */
export const eventSchema = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.string(),
    api_version: z.string(),
    created_at: z.string(),
    environment: z.string(),
    organization_id: z.string(),
    matter_id: z.string().nullable(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
    request: z.object({ id: z.string().nullable(), idempotency_key: z.string().nullable() }),
    audit_ref: z.string().nullable(),
  })
  .meta({
    id: 'Event',
    description: 'An event: a state change, as delivered to webhook endpoints and listed by GET /v1/events.',
  });
