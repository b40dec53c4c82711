import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listDeliveries } from '@/server/services/webhooks/deliveries';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.listWebhookDeliveries, (ctx, { params, query }, db) =>
  listDeliveries(ctx, db, params.webhook_endpoint_id, query),
);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
