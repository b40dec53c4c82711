import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getExport } from '@/server/services/exports/exports';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getExport, (ctx, { params }, db) => getExport(ctx, db, params.export_id));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
