import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createOfacReport } from '@/server/services/sanctions/ofac-reports';

export const POST = api(ops.createOfacReportWorkflow, (ctx, { body }, tx) => createOfacReport(ctx, tx, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
