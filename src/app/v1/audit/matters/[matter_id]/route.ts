import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listMatterAudit } from '@/server/services/audit/read';

export const GET = api(ops.listMatterAudit, (ctx, { params, query }, db) =>
  listMatterAudit(ctx, db, params.matter_id, query),
);

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
