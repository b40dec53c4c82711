import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { listMatterActions } from '@/server/services/actions/list';
import { allow } from '@/server/http/options';

export const GET = api(ops.listMatterActions, (ctx, { params, query }, db) =>
  listMatterActions(ctx, db, params.matter_id, query),
);

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
