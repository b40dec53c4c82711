import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getAlert } from '@/server/services/monitoring/alerts';

export const GET = api(ops.getAlert, (ctx, { params }, db) => getAlert(ctx, db, params.alert_id));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
