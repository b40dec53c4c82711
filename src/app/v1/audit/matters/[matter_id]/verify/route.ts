import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { verifyMatterChain } from '@/server/services/audit/read';

export const GET = api(ops.verifyMatterAudit, (ctx, { params }, db) => verifyMatterChain(ctx, db, params.matter_id));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
