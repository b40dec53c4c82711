import { ApiError } from '../errors';
import type { Actor } from '../context';
import { grants } from './scopes';
import { roleGrants } from './roles';

/** Does this actor hold `scope`? Credential scopes first, then the bound user's roles narrow them. */
export function actorGrants(actor: Actor, scope: string): boolean {
  return grants(actor.scopes, scope) && (actor.roles === null || roleGrants(actor.roles, scope));
}

/**
 * The one scope check, shared by the REST wrapper and the console's tRPC procedures: each
 * operation declares its scope in the registry and both transports refuse it the same way.
 */
export function requireScope(actor: Actor, scope: string): void {
  if (actorGrants(actor, scope)) return;
  // A console session has scope `*`, so only its roles can be what is missing.
  const message =
    actor.key_id === null
      ? `Your roles (${(actor.roles ?? []).join(', ') || 'none'}) do not include the '${scope}' permission required for this action.`
      : `This key lacks the '${scope}' scope required for this request.`;
  throw new ApiError('insufficient_scope', message, { fields: { required_scope: scope } });
}
