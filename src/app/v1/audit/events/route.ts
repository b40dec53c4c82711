import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createCustomAudit } from '@/server/services/audit/read';

export const POST = api(ops.createAuditEvent, (ctx, { body }, tx) => createCustomAudit(ctx, tx, body));

export {
  routeNotFound as GET,
  routeNotFound as PATCH,
  routeNotFound as PUT,
  routeNotFound as DELETE,
} from '@/server/http/not-found';
