/**
 * Fixture rows of the Webhooks folder (spread into the table in fixtures.ts).
 *
 * A webhook endpoint receives the events of every matter of its organization and environment,
 * so keys restricted to matters may not manage endpoints at all: 403 matter_restricted_key,
 * whichever matters they hold (services/webhooks/endpoints.ts, assertOrgWide). Events belong to
 * their matter: a restricted key sees only its matters' events.
 */
import type { Fixture } from './fixtures';

const ORG_WIDE = {
  status: 403,
  code: 'matter_restricted_key',
  why: 'an endpoint receives the events of every matter',
} as const satisfies Fixture['matterRestricted'];

const onEndpoint = (tail: string, body?: Record<string, unknown>): Fixture => ({
  level: 'env',
  matterRestricted: ORG_WIDE,
  build: async (k) => ({ path: `/v1/webhook_endpoints/${await k.endpoint()}${tail}`, body }),
});

export const webhookFixtures: Record<string, Fixture> = {
  createWebhookEndpoint: {
    level: 'none',
    matterRestricted: ORG_WIDE,
    // A type nothing emits yet keeps the fixture endpoints from queueing deliveries.
    build: async (k) => ({
      path: '/v1/webhook_endpoints',
      body: { url: `http://127.0.0.1:9/${k.unique('hook')}`, enabled_events: ['report.exported'] },
    }),
  },
  listWebhookEndpoints: {
    level: 'none',
    matterRestricted: ORG_WIDE,
    build: async () => ({ path: '/v1/webhook_endpoints' }),
  },
  getWebhookEndpoint: onEndpoint(''),
  updateWebhookEndpoint: onEndpoint('', {
    url: 'http://127.0.0.1:9/fixture-hook-moved',
    enabled_events: ['report.exported', 'report.created'],
    status: 'enabled',
  }),
  deleteWebhookEndpoint: onEndpoint(''),
  listWebhookDeliveries: onEndpoint('/deliveries'),

  listEvents: { level: 'none', build: async () => ({ path: '/v1/events' }) },
  getEvent: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: `/v1/events/${await k.event(m)}`, matterId: m };
    },
  },
  resendEvent: {
    level: 'matter',
    // No webhook_endpoint_id: re-queues to the subscribed endpoints, which a restricted key may
    // ask for its own matter's event (naming an endpoint would be managing it: 403).
    build: async (k) => {
      const m = await k.matter();
      return { path: `/v1/events/${await k.event(m)}/resend`, body: {}, matterId: m };
    },
  },
};
