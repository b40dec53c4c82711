import { z } from 'zod';
import { EVENT_TYPES } from '../domain/event-catalog';
import { timestamp, ENVIRONMENTS } from './schemas';

/** The event object (API-CONTRACT §10): listed by /v1/events and POSTed to webhook endpoints. */
export const eventSchema = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.enum(EVENT_TYPES),
    api_version: z.string(),
    created_at: timestamp(),
    environment: z.enum(ENVIRONMENTS),
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
