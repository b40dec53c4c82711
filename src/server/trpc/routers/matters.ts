import { ops } from '../../operations';
import { closeMatter, createMatter, getMatter, listMatters, updateMatter } from '../../services/matters/matters';
import { matterDashboard } from '../../services/matters/dashboard';
import { grantAuthority, listGrants, revokeGrant } from '../../services/matters/authority';
import { createClaimant, listClaimants } from '../../services/matters/claimants';
import { opMutation, opQuery } from '../procedures';
import { router } from '../init';

/** Matters, their authority and claimants: each procedure is its REST operation's handler. */
export const mattersRouter = router({
  list: opQuery(ops.listMatters, [], (ctx, { query }, db) => listMatters(ctx, db, query)),
  get: opQuery(ops.getMatter, ['matter_id'], (ctx, { params }, db) => getMatter(ctx, db, params.matter_id)),
  dashboard: opQuery(ops.getMatterDashboard, ['matter_id'], (ctx, { params }, db) =>
    matterDashboard(ctx, db, params.matter_id),
  ),
  create: opMutation(ops.createMatter, [], (ctx, { body }, tx) => createMatter(ctx, tx, body)),
  update: opMutation(ops.updateMatter, ['matter_id'], (ctx, { params, body }, tx) =>
    updateMatter(ctx, tx, params.matter_id, body),
  ),
  close: opMutation(ops.closeMatter, ['matter_id'], (ctx, { params, body }, tx) =>
    closeMatter(ctx, tx, params.matter_id, body),
  ),
  authority: router({
    list: opQuery(ops.listAuthorityGrants, ['matter_id'], (ctx, { params, query }, db) =>
      listGrants(ctx, db, params.matter_id, query),
    ),
    grant: opMutation(ops.grantAuthority, ['matter_id'], (ctx, { params, body }, tx) =>
      grantAuthority(ctx, tx, params.matter_id, body),
    ),
    revoke: opMutation(ops.revokeAuthorityGrant, ['matter_id', 'authority_id'], (ctx, { params, body }, tx) =>
      revokeGrant(ctx, tx, params.matter_id, params.authority_id, body),
    ),
  }),
  claimants: router({
    list: opQuery(ops.listClaimants, ['matter_id'], (ctx, { params, query }, db) =>
      listClaimants(ctx, db, params.matter_id, query),
    ),
    create: opMutation(ops.createClaimant, ['matter_id'], (ctx, { params, body }, tx) =>
      createClaimant(ctx, tx, params.matter_id, body),
    ),
  }),
});
