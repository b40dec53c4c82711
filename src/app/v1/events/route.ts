import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listEvents } from '@/server/services/webhooks/events';
import { allow } from '@/server/http/options';

export const GET = api(ops.listEvents, (ctx, { query }, db) => listEvents(ctx, db, query));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
