import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listAlerts } from '@/server/services/monitoring/alerts';

export const GET = api(ops.listAlerts, (ctx, { query }, db) => listAlerts(ctx, db, query));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
