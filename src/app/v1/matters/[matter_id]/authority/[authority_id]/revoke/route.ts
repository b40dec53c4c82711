import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { revokeGrant } from '@/server/services/matters/authority';

export const POST = api(ops.revokeAuthorityGrant, (ctx, { params, body }, tx) =>
  revokeGrant(ctx, tx, params.matter_id, params.authority_id, body),
);

export { GET, PATCH, PUT, DELETE } from '@/server/http/unserved';
