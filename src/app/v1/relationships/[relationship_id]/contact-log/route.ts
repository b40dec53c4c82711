import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createContactLog } from '@/server/services/relationships/contact-log';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.createContactLog, (ctx, { params, body }, tx) =>
  createContactLog(ctx, tx, params.relationship_id, body),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
