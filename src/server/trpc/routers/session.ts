import { z } from 'zod';
import { ApiError } from '../../errors';
import { actorGrants } from '../../auth/require-scope';
import { ENV_COOKIE } from '../../auth/console-session';
import { toTRPCError } from '../errors';
import { consoleProcedure, zodInput } from '../procedures';
import { router } from '../init';

/** Scopes the console's own screens ask about, to show or hide their forms (the server checks anyway). */
const UI_SCOPES = [
  'matters:read',
  'matters:write',
  'authority:read',
  'authority:write',
  'claimants:read',
  'claimants:write',
  'audit:read',
  'webhook_endpoints:read',
  'webhook_endpoints:write',
  'judgments:read',
  'judgments:write',
  'ledger:read',
  'ledger:write',
  'actions:read',
  'actions:write',
  'relationships:read',
  'relationships:write',
  'sanctions:read',
  'sanctions:screen',
  'sanctions:write',
  'sanctions:decide',
  'packets:read',
  'packets:write',
  'packets:export',
  'packets:approve',
  'crypto:read',
  'crypto:map',
  'crypto:timeline',
  'attribution:write',
  'attribution:graph',
  'reports:read',
  'reports:write',
  'reports:export',
  'monitoring:read',
  'monitoring:write',
  'issuer:read',
  'issuer:write',
  'issuer:approve',
  'org:read',
  'org:write',
  'keys:read',
  'keys:write',
  'users:read',
  'users:write',
] as const;

/** The signed-in user, their organization and the console environment. */
export const sessionRouter = router({
  me: consoleProcedure.query(({ ctx: { principal: p } }) => ({
    user: p.user,
    organization: { id: p.org.id, name: p.orgName },
    environment: p.env,
    production_allowed: p.productionAllowed,
    matter_ids: p.actor.matter_ids,
    permissions: Object.fromEntries(UI_SCOPES.map((s) => [s, actorGrants(p.actor, s)])) as Record<
      (typeof UI_SCOPES)[number],
      boolean
    >,
  })),

  /**
   * The test-mode toggle: remembered in a cookie for this browser. Production is refused unless
   * the organization has `production_access`, exactly as production keys are.
   */
  setEnvironment: consoleProcedure
    .meta({ anyEnvironment: true })
    .input(zodInput(z.strictObject({ environment: z.enum(['sandbox', 'production']) })))
    .mutation(({ ctx, input }) => {
      if (input.environment === 'production' && !ctx.principal.productionAllowed) {
        throw toTRPCError(
          new ApiError(
            'production_access_not_enabled',
            `Organization ${ctx.principal.org.id} is not enabled for production.`,
          ),
        );
      }
      const secure = ctx.headers.get('x-forwarded-proto') === 'https' ? '; Secure' : '';
      ctx.resHeaders?.append(
        'Set-Cookie',
        `${ENV_COOKIE}=${input.environment}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`,
      );
      return { environment: input.environment };
    }),
});
