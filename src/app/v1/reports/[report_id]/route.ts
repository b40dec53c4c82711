import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getReport } from '@/server/services/reports/reports';

export const GET = api(ops.getReport, (ctx, { params }, db) => getReport(ctx, db, params.report_id));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
