import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { exportReport } from '@/server/services/reports/reports';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const POST = api(ops.exportReport, (ctx, { params, body }, tx) => exportReport(ctx, tx, params.report_id, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
