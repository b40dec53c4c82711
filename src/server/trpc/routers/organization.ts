import { z } from 'zod';
import { ops } from '../../operations';
import { KNOWN_SCOPES } from '../../auth/scopes';
import { issueKey, listKeys, revokeKey, rollKey } from '../../services/organizations/api-keys';
import { organizationSettings, updateOrganization } from '../../services/organizations/organizations';
import { inviteUser, listUsers, resendInvite, updateUser } from '../../services/organizations/users';
import { consoleProcedure, opMutation, opQuery, runConsoleCall, zodInput } from '../procedures';
import { router } from '../init';

/**
 * The console's Developers and Settings pages: API keys, users and the organization. Every
 * procedure mirrors its REST operation (same scope, same input schema, same service), so the
 * no-stronger-key and grant rules hold here exactly as they do for a key.
 */
export const organizationRouter = router({
  settings: consoleProcedure
    .meta({ scope: ops.getOrganization.scope })
    .query(({ ctx }) => runConsoleCall(ctx, 'organization.settings', null, (c, db) => organizationSettings(c, db))),
  update: opMutation(ops.updateOrganization, ['organization_id'], (ctx, { params, body }, tx) =>
    updateOrganization(ctx, tx, params.organization_id, body),
  ),

  /** The scopes a key may carry, for the issue form: every known scope, sorted. */
  scopes: consoleProcedure.meta({ scope: ops.listApiKeys.scope }).query(() => [...KNOWN_SCOPES].sort()),
  keys: opQuery(ops.listApiKeys, ['organization_id'], (ctx, { params, query }, db) =>
    listKeys(ctx, db, params.organization_id, query),
  ),
  issueKey: opMutation(ops.issueApiKey, ['organization_id'], (ctx, { params, body }, tx) =>
    issueKey(ctx, tx, params.organization_id, body),
  ),
  rollKey: opMutation(ops.rollApiKey, ['organization_id', 'key_id'], (ctx, { params, body }, tx) =>
    rollKey(ctx, tx, params.organization_id, params.key_id, body),
  ),
  revokeKey: opMutation(ops.revokeApiKey, ['organization_id', 'key_id'], (ctx, { params }, tx) =>
    revokeKey(ctx, tx, params.organization_id, params.key_id),
  ),

  users: opQuery(ops.listUsers, ['organization_id'], (ctx, { params, query }, db) =>
    listUsers(ctx, db, params.organization_id, query),
  ),
  inviteUser: opMutation(ops.inviteUser, ['organization_id'], (ctx, { params, body }, tx) =>
    inviteUser(ctx, tx, params.organization_id, body),
  ),
  updateUser: opMutation(ops.updateUser, ['organization_id', 'user_id'], (ctx, { params, body }, tx) =>
    updateUser(ctx, tx, params.organization_id, params.user_id, body),
  ),
  /**
   * A new invite link for a pending invite (the old one stops working). Console-only; it takes
   * what inviting takes (`users:write`) and the service applies updateUser's grant rules.
   */
  resendInvite: consoleProcedure
    .meta({ scope: ops.inviteUser.scope })
    .input(
      zodInput(z.strictObject({ organization_id: z.string().min(1).max(100), user_id: z.string().min(1).max(100) })),
    )
    .mutation(({ ctx, input }) =>
      runConsoleCall(ctx, 'organization.resendInvite', { gate: null }, (c, tx) =>
        resendInvite(c, tx, input.organization_id, input.user_id),
      ),
    ),
});
