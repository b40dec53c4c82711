import type { WebhookEndpoint } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { newSigningSecret } from '../../domain/webhook-signature';
import { normalizeEnabledEvents, unknownEnabledEvent } from '../../domain/event-catalog';
import { encryptSecret } from '../../crypto/secret-box';
import { checkWebhookUrl } from './egress';

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;

/** The public shape; the signing secret is never part of it (create adds it once). */
export function endpointOut(e: WebhookEndpoint) {
  return {
    object: 'webhook_endpoint' as const,
    webhook_endpoint_id: e.id,
    url: e.url,
    enabled_events: e.enabled_events,
    status: e.status as (typeof ENDPOINT_STATUSES)[number],
    disabled_reason: e.disabled_reason,
    environment: e.env,
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}

/**
 * Endpoints receive every event of the organization and environment, so a key restricted to
 * some matters may not manage them (it would otherwise subscribe to other matters' events).
 */
export function assertOrgWide(ctx: Ctx) {
  if (ctx.actor.matter_ids !== null) {
    throw new ApiError(
      'matter_restricted_key',
      'Webhook endpoints receive events of every matter; a key or user restricted to specific matters cannot manage them.',
    );
  }
}

function checkEnabledEvents(enabled: string[] | undefined) {
  if (enabled && !enabled.length)
    throw invalidParam('enabled_events', 'enabled_events needs at least one event type, or ["*"] for all.');
  const bad = enabled && unknownEnabledEvent(enabled);
  if (bad) throw invalidParam('enabled_events', `Unknown event type '${bad}'. Use '*' or a type of the event catalog.`);
  return normalizeEnabledEvents(enabled);
}

/** An endpoint of the caller's organization and environment; deleted or foreign ones are 404. */
export async function loadEndpoint(ctx: Ctx, db: Db, id: string) {
  assertOrgWide(ctx);
  const e = isId('webhook_endpoint', id)
    ? await db.webhookEndpoint.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env, deleted_at: null } })
    : null;
  if (!e) throw notFound('webhook endpoint', id);
  return e;
}

/**
 * Stops what an endpoint had scheduled: pending attempts become `cancelled`. The lease holder
 * (locked_by) is kept, so an attempt already in flight can still record what happened to it.
 */
async function cancelPending(tx: Tx, endpointId: string) {
  await tx.webhookDelivery.updateMany({
    where: { endpoint_id: endpointId, status: 'pending' },
    data: { status: 'cancelled', next_attempt_at: null },
  });
}

/**
 * Registers an endpoint. The URL is checked (scheme per environment, SSRF classes), and the
 * signing secret (`whsec_…`) is returned in this response only; at rest it is encrypted.
 */
export async function createWebhookEndpoint(ctx: Ctx, tx: Tx, input: { url: string; enabled_events?: string[] }) {
  assertOrgWide(ctx);
  const enabled = checkEnabledEvents(input.enabled_events);
  const url = await checkWebhookUrl(input.url, ctx.env);
  const id = newId('webhook_endpoint');
  const secret = newSigningSecret();
  const e = await tx.webhookEndpoint.create({
    data: {
      id,
      org_id: ctx.org.id,
      env: ctx.env,
      url,
      enabled_events: enabled,
      status: 'enabled',
      secret_ciphertext: await encryptSecret(tx, secret, id),
    },
  });
  await recordChange(ctx, tx, {
    event_type: 'webhook_endpoint.created',
    object_type: 'webhook_endpoint',
    object_id: id,
    matter_id: null,
    details: { url, enabled_events: enabled },
  });
  return { ...endpointOut(e), signing_secret: secret };
}

/** The environment's endpoints, newest first (no secrets). */
export async function listWebhookEndpoints(ctx: Ctx, db: Db, q: PageArgs) {
  assertOrgWide(ctx);
  const page = await keysetPage(
    q,
    (a) => db.webhookEndpoint.findMany({ ...a, where: { ...a.where, org_id: ctx.org.id, deleted_at: null } }),
    { env: ctx.env },
  );
  return listEnvelope(page, '/v1/webhook_endpoints', endpointOut);
}

/** One endpoint of the caller's organization and environment (no secret). */
export async function getWebhookEndpoint(ctx: Ctx, db: Db, id: string) {
  return endpointOut(await loadEndpoint(ctx, db, id));
}

/**
 * Changes url, enabled_events or status. Disabling cancels the pending attempts in the same
 * transaction, so nothing more is sent (the dispatcher re-checks the status at send time too).
 */
export async function updateWebhookEndpoint(
  ctx: Ctx,
  tx: Tx,
  id: string,
  patch: { url?: string; enabled_events?: string[]; status?: (typeof ENDPOINT_STATUSES)[number] },
) {
  const e = await loadEndpoint(ctx, tx, id);
  const data: Partial<WebhookEndpoint> = {};
  if (patch.url !== undefined) data.url = await checkWebhookUrl(patch.url, ctx.env);
  if (patch.enabled_events !== undefined) data.enabled_events = checkEnabledEvents(patch.enabled_events);
  if (patch.status && patch.status !== e.status) {
    data.status = patch.status;
    // Re-enabling starts a fresh failure count; a disable by hand clears the service's reason.
    data.disabled_reason = null;
    data.failing_since = null;
  }
  const updated = await tx.webhookEndpoint.update({ where: { id: e.id }, data });
  if (updated.status === 'disabled') await cancelPending(tx, e.id);
  await recordChange(ctx, tx, {
    event_type: 'webhook_endpoint.updated',
    object_type: 'webhook_endpoint',
    object_id: e.id,
    matter_id: null,
    details: { changed: Object.keys(patch), status: updated.status },
  });
  return endpointOut(updated);
}

/**
 * Deletes an endpoint: it disappears from the API, its pending attempts are cancelled and its
 * secret's ciphertext is erased, so the secret can sign nothing more. The row stays (without
 * the secret) so delivery history keeps its reference.
 */
export async function deleteWebhookEndpoint(ctx: Ctx, tx: Tx, id: string) {
  const e = await loadEndpoint(ctx, tx, id);
  await tx.webhookEndpoint.update({
    where: { id: e.id },
    data: { deleted_at: new Date(), status: 'disabled', secret_ciphertext: null },
  });
  await cancelPending(tx, e.id);
  await recordChange(ctx, tx, {
    event_type: 'webhook_endpoint.deleted',
    object_type: 'webhook_endpoint',
    object_id: e.id,
    matter_id: null,
    details: { url: e.url },
  });
  return { object: 'webhook_endpoint' as const, webhook_endpoint_id: e.id, deleted: true as const };
}
