import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { triageAlert } from '@/server/services/monitoring/triage';

export const POST = api(ops.triageAlert, (ctx, { params, body }, tx) => triageAlert(ctx, tx, params.alert_id, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
