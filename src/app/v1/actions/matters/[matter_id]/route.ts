import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listMatterActions } from '@/server/services/actions/list';

export const GET = api(ops.listMatterActions, (ctx, { params, query }, db) =>
  listMatterActions(ctx, db, params.matter_id, query),
);

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
