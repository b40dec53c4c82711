import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getSanctionsObject } from '@/server/services/sanctions/read';

export const GET = api(ops.getSanctionsReview, (ctx, { params }, db) => getSanctionsObject(ctx, db, params.review_id));

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
