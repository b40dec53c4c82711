import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/server/services/webhooks/endpoints';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createWebhookEndpoint, (ctx, { body }, tx) => createWebhookEndpoint(ctx, tx, body));
export const GET = api(ops.listWebhookEndpoints, (ctx, { query }, db) => listWebhookEndpoints(ctx, db, query));

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
