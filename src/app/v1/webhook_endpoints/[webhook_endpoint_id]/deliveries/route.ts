import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listDeliveries } from '@/server/services/webhooks/deliveries';

export const GET = api(ops.listWebhookDeliveries, (ctx, { params, query }, db) =>
  listDeliveries(ctx, db, params.webhook_endpoint_id, query),
);

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
