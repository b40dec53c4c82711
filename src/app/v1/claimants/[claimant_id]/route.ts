import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { getClaimant, updateClaimant } from '@/server/services/matters/claimants';
import { allow } from '@/server/http/options';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

export const GET = api(ops.getClaimant, (ctx, { params }, db) => getClaimant(ctx, db, params.claimant_id));
export const PATCH = api(ops.updateClaimant, (ctx, { params, body }, tx) =>
  updateClaimant(ctx, tx, params.claimant_id, body),
);

export const OPTIONS = allow('GET', 'PATCH');
export { POST, PUT, DELETE } from '@/server/http/unserved';
