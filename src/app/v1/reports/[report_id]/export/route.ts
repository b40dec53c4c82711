import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { exportReport } from '@/server/services/reports/reports';

export const POST = api(ops.exportReport, (ctx, { params, body }, tx) => exportReport(ctx, tx, params.report_id, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
