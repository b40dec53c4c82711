import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { exportReport } from '@/server/services/reports/reports';

export const POST = api(ops.exportReport, (ctx, { params, body }, tx) => exportReport(ctx, tx, params.report_id, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
