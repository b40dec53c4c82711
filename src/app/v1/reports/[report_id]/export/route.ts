import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { exportReport } from '@/server/services/reports/reports';
import { allow } from '@/server/http/options';

export const POST = api(ops.exportReport, (ctx, { params, body }, tx) => exportReport(ctx, tx, params.report_id, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
