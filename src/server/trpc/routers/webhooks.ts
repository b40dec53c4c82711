import { ops } from '../../operations';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from '../../services/webhooks/endpoints';
import { listDeliveries } from '../../services/webhooks/deliveries';
import { endpointHealth } from '../../services/webhooks/health';
import { eventTypesOf, resendEvent } from '../../services/webhooks/events';
import { opMutation, opQuery } from '../procedures';
import { router } from '../init';

/**
 * Webhook endpoints of the console's environment, their delivery attempts and resending an
 * event: each procedure is its REST operation's handler (same scope, input schema, service).
 */
export const webhooksRouter = router({
  // The REST list and record plus each endpoint's health: an enabled endpoint whose attempts
  // all fail must not read as fine.
  list: opQuery(ops.listWebhookEndpoints, [], async (ctx, { query }, db) => {
    const page = await listWebhookEndpoints(ctx, db, query);
    const health = await endpointHealth(
      ctx,
      db,
      page.data.map((e) => e.webhook_endpoint_id),
    );
    return { ...page, data: page.data.map((e) => ({ ...e, health: health[e.webhook_endpoint_id] ?? null })) };
  }),
  get: opQuery(ops.getWebhookEndpoint, ['webhook_endpoint_id'], async (ctx, { params }, db) => {
    const e = await getWebhookEndpoint(ctx, db, params.webhook_endpoint_id);
    const health = await endpointHealth(ctx, db, [e.webhook_endpoint_id]);
    return { ...e, health: health[e.webhook_endpoint_id] ?? null };
  }),
  create: opMutation(ops.createWebhookEndpoint, [], (ctx, { body }, tx) => createWebhookEndpoint(ctx, tx, body)),
  update: opMutation(ops.updateWebhookEndpoint, ['webhook_endpoint_id'], (ctx, { params, body }, tx) =>
    updateWebhookEndpoint(ctx, tx, params.webhook_endpoint_id, body),
  ),
  delete: opMutation(ops.deleteWebhookEndpoint, ['webhook_endpoint_id'], (ctx, { params }, tx) =>
    deleteWebhookEndpoint(ctx, tx, params.webhook_endpoint_id),
  ),
  // The REST list plus each attempt's event type: the screen shows what was sent, not only its id.
  deliveries: opQuery(ops.listWebhookDeliveries, ['webhook_endpoint_id'], async (ctx, { params, query }, db) => {
    const page = await listDeliveries(ctx, db, params.webhook_endpoint_id, query);
    const types = await eventTypesOf(
      ctx,
      db,
      page.data.map((d) => d.event_id),
    );
    return { ...page, data: page.data.map((d) => ({ ...d, event_type: types[d.event_id] ?? null })) };
  }),
  resend: opMutation(ops.resendEvent, ['event_id'], (ctx, { params, body }, tx) =>
    resendEvent(ctx, tx, params.event_id, body),
  ),
});
