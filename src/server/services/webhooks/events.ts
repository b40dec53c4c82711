import type { Event, Prisma } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { fromStored } from '../../json';
import { recordChange } from '../audit/append';
import { canSeeMatter } from '../matters/access';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { subscribes, typesMatching } from '../../domain/event-catalog';
import { deliveryOut } from './deliveries';
import { loadEndpoint } from './endpoints';
import { wakeOnCommit } from '../../jobs/work-signal';

/**
 * The event object (API-CONTRACT §10): the webhook payload and the GET /v1/events item.
 * `data.object` may hold ExactNumbers (decoded from the stored form): serialize with toJson().
 */
export function eventOut(e: Event) {
  return {
    id: e.id,
    object: 'event' as const,
    type: e.type,
    api_version: e.api_version,
    created_at: e.created_at.toISOString(),
    environment: e.env,
    organization_id: e.org_id,
    matter_id: e.matter_id,
    data: fromStored<{ object: Record<string, unknown> }>(e.data),
    request: { id: e.request_id, idempotency_key: e.idempotency_key },
    audit_ref: e.audit_ref,
  };
}

/**
 * What this actor may see: the organization and environment, and for a key restricted to
 * matters only the events of those matters (organization-level events are not theirs).
 */
function visibleWhere(ctx: Ctx): Prisma.EventWhereInput {
  return {
    org_id: ctx.org.id,
    env: ctx.env,
    ...(ctx.actor.matter_ids === null ? {} : { matter_id: { in: ctx.actor.matter_ids } }),
  };
}

const EVENT_INDEXES = listIndexes('Event', [['org_id', 'env']]);

/** Events newest first, filtered by type (`matter.created` or `matter.*`) and matter. */
export async function listEvents(ctx: Ctx, db: Db, q: PageArgs & { type?: string; matter_id?: string }) {
  const base = visibleWhere(ctx);
  const where: Prisma.EventWhereInput = {
    ...base,
    ...(q.type ? { type: { in: typesMatching(q.type) } } : {}),
    ...(q.matter_id ? { AND: [{ matter_id: q.matter_id }] } : {}),
  };
  const { where: rest, lead } = leadOf(where, EVENT_INDEXES);
  const page = await keysetPage(q, (a) => db.event.findMany({ ...a, where: { ...rest, ...a.where } }), lead);
  return listEnvelope(page, '/v1/events', eventOut);
}

async function loadEvent(ctx: Ctx, db: Db, id: string) {
  const e = isId('event', id) ? await db.event.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }) : null;
  if (!e || (e.matter_id ? !canSeeMatter(ctx, e.matter_id) : ctx.actor.matter_ids !== null))
    throw notFound('event', id);
  return e;
}

/**
 * The types of the caller's events among `ids` (event id → type), for screens listing
 * deliveries, which carry only the event id. Events the caller may not see (another
 * organization or environment, another matter for a restricted actor) are left out.
 */
export async function eventTypesOf(ctx: Ctx, db: Db, ids: readonly string[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return {};
  const rows = await db.event.findMany({
    where: { ...visibleWhere(ctx), id: { in: unique } },
    select: { id: true, type: true },
  });
  return Object.fromEntries(rows.map((r) => [r.id, r.type]));
}

/** One event visible to the caller; anything else is the same 404. */
export async function getEvent(ctx: Ctx, db: Db, id: string) {
  return eventOut(await loadEvent(ctx, db, id));
}

/**
 * Re-queues an event: a new delivery (attempt 1, due now) to every enabled endpoint subscribed
 * to its type, or only to `webhook_endpoint_id`. Receivers see the same `webhook-id`, so they can
 * deduplicate. A disabled endpoint is refused: it receives nothing until it is re-enabled.
 */
export async function resendEvent(ctx: Ctx, tx: Tx, id: string, input: { webhook_endpoint_id?: string }) {
  const e = await loadEvent(ctx, tx, id);
  let endpoints;
  if (input.webhook_endpoint_id) {
    const one = await loadEndpoint(ctx, tx, input.webhook_endpoint_id).catch((err) => {
      throw err instanceof ApiError && err.code === 'not_found'
        ? notFound('webhook endpoint', input.webhook_endpoint_id!, 'webhook_endpoint_id')
        : err;
    });
    if (one.status !== 'enabled') {
      throw new ApiError('conflict', `Webhook endpoint ${one.id} is disabled; enable it before resending to it.`, {
        param: 'webhook_endpoint_id',
      });
    }
    endpoints = [one];
  } else {
    const all = await tx.webhookEndpoint.findMany({
      where: { org_id: ctx.org.id, env: ctx.env, status: 'enabled', deleted_at: null },
    });
    endpoints = all.filter((x) => subscribes(x.enabled_events, e.type));
  }
  const now = new Date();
  const rows = endpoints.map((x) => ({
    id: newId('webhook_delivery'),
    org_id: e.org_id,
    env: e.env,
    endpoint_id: x.id,
    event_id: e.id,
    attempt: 1,
    status: 'pending',
    next_attempt_at: now,
    created_at: now,
  }));
  if (rows.length) {
    await tx.webhookDelivery.createMany({ data: rows });
    wakeOnCommit(tx, 'webhooks');
  }
  await recordChange(ctx, tx, {
    event_type: 'event.resent',
    object_type: 'event',
    object_id: e.id,
    matter_id: e.matter_id,
    details: { event_type: e.type, webhook_endpoint_ids: endpoints.map((x) => x.id) },
  });
  const created = rows.length
    ? await tx.webhookDelivery.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: { id: 'desc' } })
    : [];
  return { ...eventOut(e), deliveries: created.map(deliveryOut) };
}
