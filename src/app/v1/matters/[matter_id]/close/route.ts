import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { closeMatter } from '@/server/services/matters/matters';
import { allow } from '@/server/http/options';

export const POST = api(ops.closeMatter, (ctx, { params, body }, tx) => closeMatter(ctx, tx, params.matter_id, body));

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
