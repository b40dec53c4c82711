import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getExport } from '@/server/services/exports/exports';

export const GET = api(ops.getExport, (ctx, { params }, db) => getExport(ctx, db, params.export_id));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
