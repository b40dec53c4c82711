import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getAuditEvent } from '@/server/services/audit/read';
import { allow } from '@/server/http/options';

export const GET = api(ops.getAuditEvent, (ctx, { params }, db) => getAuditEvent(ctx, db, params.event_id));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
