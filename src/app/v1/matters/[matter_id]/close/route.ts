import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { closeMatter } from '@/server/services/matters/matters';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.closeMatter, (ctx, { params, body }, tx) => closeMatter(ctx, tx, params.matter_id, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
