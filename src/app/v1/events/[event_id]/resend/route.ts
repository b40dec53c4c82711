import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { resendEvent } from '@/server/services/webhooks/events';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.resendEvent, (ctx, { params, body }, tx) => resendEvent(ctx, tx, params.event_id, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
