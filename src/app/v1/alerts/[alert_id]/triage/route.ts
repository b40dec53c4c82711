import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { triageAlert } from '@/server/services/monitoring/triage';
import { allow } from '@/server/http/options';

export const POST = api(ops.triageAlert, (ctx, { params, body }, tx) => triageAlert(ctx, tx, params.alert_id, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
