import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { setEnforcementProfile } from '@/server/services/judgments/profile';

export const POST = api(ops.setEnforcementProfile, (ctx, { params, body }, tx) =>
  setEnforcementProfile(ctx, tx, params.judgment_id, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
