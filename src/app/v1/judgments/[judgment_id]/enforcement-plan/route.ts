import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createEnforcementPlan } from '@/server/services/judgments/plan';
import { allow } from '@/server/http/options';

export const POST = api(ops.createEnforcementPlan, (ctx, { params, body }, tx) =>
  createEnforcementPlan(ctx, tx, params.judgment_id, body),
);

export const OPTIONS = allow('POST');
export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
