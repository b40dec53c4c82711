import { api } from '@/server/http/api';
import { ops } from '@/server/operations';
import { createClaimant, listClaimants } from '@/server/services/matters/claimants';
import { allow } from '@/server/http/options';

export const POST = api(ops.createClaimant, (ctx, { params, body }, tx) =>
  createClaimant(ctx, tx, params.matter_id, body),
);
export const GET = api(ops.listClaimants, (ctx, { params, query }, db) =>
  listClaimants(ctx, db, params.matter_id, query),
);

export const OPTIONS = allow('GET', 'POST');
export { PATCH, PUT, DELETE } from '@/server/http/unserved';
