import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from '@/server/services/webhooks/endpoints';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getWebhookEndpoint, (ctx, { params }, db) =>
  getWebhookEndpoint(ctx, db, params.webhook_endpoint_id),
);
export const PATCH = api(ops.updateWebhookEndpoint, (ctx, { params, body }, tx) =>
  updateWebhookEndpoint(ctx, tx, params.webhook_endpoint_id, body),
);
export const DELETE = api(ops.deleteWebhookEndpoint, (ctx, { params }, tx) =>
  deleteWebhookEndpoint(ctx, tx, params.webhook_endpoint_id),
);

export const OPTIONS = allow('GET', 'PATCH', 'DELETE');
export { POST, PUT } from '@/server/http/unserved';
