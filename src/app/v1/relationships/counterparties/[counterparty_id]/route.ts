import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getCounterparty } from '@/server/services/relationships/counterparties';
import { allow } from '@/server/http/options';

export const GET = api(ops.getCounterparty, (ctx, { params }, db) => getCounterparty(ctx, db, params.counterparty_id));

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
