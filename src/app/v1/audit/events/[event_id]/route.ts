import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getAuditEvent } from '@/server/services/audit/read';

export const GET = api(ops.getAuditEvent, (ctx, { params }, db) => getAuditEvent(ctx, db, params.event_id));

export {
  routeNotFound as POST,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
