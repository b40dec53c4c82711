import { z } from 'zod';
import { EVENT_TYPES } from '../domain/event-catalog';
import { defineOp } from './define';
import { arr, listOf, listQuery, objectBase, str, timestamp, ENVIRONMENTS } from './schemas';
import { ENDPOINT_STATUSES } from '../services/webhooks/endpoints';
import { DELIVERY_STATUSES } from '../services/webhooks/deliveries';
import { isEventTypeFilter } from '../domain/event-catalog';
import { eventSchema } from './event-schema';

const endpoint = objectBase('webhook_endpoint', 'webhook_endpoint_id')
  .extend({
    url: z.string(),
    enabled_events: z.array(z.enum(['*', ...EVENT_TYPES])),
    status: z.enum(ENDPOINT_STATUSES),
    disabled_reason: z.enum(['gone', 'failing']).nullable(),
    environment: z.enum(ENVIRONMENTS),
    updated_at: timestamp(),
  })
  .meta({ id: 'WebhookEndpoint', description: 'A URL that receives signed events.' });
const eventType = () => str(100);

export const createWebhookEndpoint = defineOp('POST', '/v1/webhook_endpoints', {
  name: 'createWebhookEndpoint',
  summary: 'Register a webhook endpoint; signing_secret is returned only here',
  body: z.strictObject({ url: str(2048), enabled_events: arr(eventType()).optional() }),
  response: endpoint.extend({ signing_secret: z.string() }),
});
export const listWebhookEndpoints = defineOp('GET', '/v1/webhook_endpoints', {
  name: 'listWebhookEndpoints',
  summary: 'Webhook endpoints of the current environment (no secrets)',
  query: listQuery(),
  response: listOf(endpoint),
});
export const getWebhookEndpoint = defineOp('GET', '/v1/webhook_endpoints/{webhook_endpoint_id}', {
  name: 'getWebhookEndpoint',
  summary: 'One webhook endpoint (no signing_secret)',
  response: endpoint,
});
export const updateWebhookEndpoint = defineOp('PATCH', '/v1/webhook_endpoints/{webhook_endpoint_id}', {
  name: 'updateWebhookEndpoint',
  summary: 'Change url, enabled_events or status; a disabled endpoint stops receiving at once',
  body: z.strictObject({
    url: str(2048).optional(),
    enabled_events: arr(eventType()).optional(),
    status: z.enum(ENDPOINT_STATUSES).optional(),
  }),
  response: endpoint,
});
export const deleteWebhookEndpoint = defineOp('DELETE', '/v1/webhook_endpoints/{webhook_endpoint_id}', {
  name: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint; its secret signs nothing more',
  response: z.object({
    object: z.literal('webhook_endpoint'),
    webhook_endpoint_id: z.string(),
    deleted: z.literal(true),
  }),
});

const delivery = objectBase('webhook_delivery', 'delivery_id')
  .extend({
    webhook_endpoint_id: z.string(),
    event_id: z.string(),
    attempt: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    response_status: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable(),
    next_attempt_at: timestamp().nullable(),
    attempted_at: timestamp().nullable(),
  })
  .meta({ id: 'WebhookDelivery', description: 'One delivery attempt of an event to an endpoint.' });
export const listWebhookDeliveries = defineOp('GET', '/v1/webhook_endpoints/{webhook_endpoint_id}/deliveries', {
  name: 'listWebhookDeliveries',
  summary: 'Delivery attempts of an endpoint, newest first',
  query: listQuery({ status: z.enum(DELIVERY_STATUSES).optional(), event_id: str(100).optional() }),
  response: listOf(delivery),
});

export const listEvents = defineOp('GET', '/v1/events', {
  name: 'listEvents',
  summary: 'Events, newest first; filter by type (or family.*) and matter',
  query: listQuery({
    type: str(100).refine(isEventTypeFilter, 'an event type of the catalog, or <family>.*').optional(),
    matter_id: str(100).optional(),
  }),
  response: listOf(eventSchema),
});
export const getEvent = defineOp('GET', '/v1/events/{event_id}', {
  name: 'getEvent',
  summary: 'One event',
  response: eventSchema,
});
export const resendEvent = defineOp('POST', '/v1/events/{event_id}/resend', {
  name: 'resendEvent',
  summary: 'Queue the event again to its subscribed endpoints (or one endpoint)',
  body: z.strictObject({ webhook_endpoint_id: str(100).optional() }),
  response: eventSchema.extend({ deliveries: z.array(delivery) }),
});
