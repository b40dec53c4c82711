import type { Prisma, WebhookDelivery } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { loadEndpoint } from './endpoints';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/** One attempt (API-CONTRACT §13 webhook_delivery). */
export function deliveryOut(d: WebhookDelivery) {
  return {
    object: 'webhook_delivery' as const,
    delivery_id: d.id,
    webhook_endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    attempt: d.attempt,
    status: d.status as (typeof DELIVERY_STATUSES)[number],
    response_status: d.response_status,
    duration_ms: d.duration_ms,
    error: d.error,
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
    attempted_at: d.attempted_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
  };
}

const DELIVERY_INDEXES = listIndexes('WebhookDelivery', [['event_id'], ['endpoint_id']]);

/**
 * An endpoint's attempts, newest first, optionally for one event or one status. This is also
 * what the console's endpoint page lists as "recent deliveries".
 */
export async function listDeliveries(
  ctx: Ctx,
  db: Db,
  endpointId: string,
  q: PageArgs & { status?: (typeof DELIVERY_STATUSES)[number]; event_id?: string },
) {
  const e = await loadEndpoint(ctx, db, endpointId);
  const where: Prisma.WebhookDeliveryWhereInput = {
    endpoint_id: e.id,
    ...(q.status ? { status: q.status } : {}),
    ...(q.event_id ? { event_id: q.event_id } : {}),
  };
  const { where: rest, lead } = leadOf(where, DELIVERY_INDEXES);
  const page = await keysetPage(q, (a) => db.webhookDelivery.findMany({ ...a, where: { ...rest, ...a.where } }), lead);
  return listEnvelope(page, `/v1/webhook_endpoints/${e.id}/deliveries`, deliveryOut);
}
