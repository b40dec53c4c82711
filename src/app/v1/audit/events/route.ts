import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createCustomAudit } from '@/server/services/audit/read';
import { allow } from '@/server/http/options';

export const POST = api(ops.createAuditEvent, (ctx, { body }, tx) => createCustomAudit(ctx, tx, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
