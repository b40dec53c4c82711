import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listEvents } from '@/server/services/webhooks/events';

export const GET = api(ops.listEvents, (ctx, { query }, db) => listEvents(ctx, db, query));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
