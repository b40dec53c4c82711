import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createContactLog } from '@/server/services/relationships/contact-log';

export const POST = api(ops.createContactLog, (ctx, { params, body }, tx) =>
  createContactLog(ctx, tx, params.relationship_id, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
