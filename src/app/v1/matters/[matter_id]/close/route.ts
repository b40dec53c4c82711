import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { closeMatter } from '@/server/services/matters/matters';

export const POST = api(ops.closeMatter, (ctx, { params, body }, tx) => closeMatter(ctx, tx, params.matter_id, body));

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
