import type { Ctx } from '../context';
import { ApiError } from '../errors';
import { actorGrants } from './require-scope';
import { KNOWN_SCOPES } from './scopes';
import { roleGrants } from './roles';

/**
 * "No caller gives more than it holds" (API-CONTRACT §3), for what keys and users hand out
 * beyond scopes: roles, environments and organization-wide acts.
 */

/** The known scopes a role grants (every operation scope it would pass). */
export function scopesOfRole(role: string): string[] {
  return [...KNOWN_SCOPES].filter((s) => roleGrants([role], s));
}

/** The roles in `roles` whose scopes the caller does not all hold itself. */
export function rolesBeyond(ctx: Ctx, roles: readonly string[]): string[] {
  return [...new Set(roles)].filter((r) => scopesOfRole(r).some((s) => !actorGrants(ctx.actor, s)));
}

/** Refuses giving (inviting with, or changing to) a role the caller could not act as itself. */
export function assertMayGrantRoles(ctx: Ctx, roles: readonly string[]): void {
  const beyond = rolesBeyond(ctx, roles);
  if (!beyond.length) return;
  const missing = [...new Set(beyond.flatMap((r) => scopesOfRole(r).filter((s) => !actorGrants(ctx.actor, s))))];
  throw new ApiError(
    'insufficient_scope',
    `The caller cannot give the role${beyond.length > 1 ? 's' : ''} ${beyond.join(', ')}: it does not hold ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} itself.`,
    {
      param: 'roles',
      fields: { required_scope: missing.join(' ') },
    },
  );
}

/**
 * A key acts within its own environment: a sandbox key never issues, rolls or revokes a
 * production key (console users act in the environment their session selected).
 */
export function assertSameEnvironment(ctx: Ctx, targetEnv: string, what: string): void {
  if (targetEnv === 'production' && ctx.env !== 'production') {
    throw new ApiError(
      'insufficient_scope',
      `A sandbox credential cannot ${what} a production key; use a production key.`,
      { param: 'environment' },
    );
  }
}

/** Listing keys or users, changing the organization, creating children: organization-wide acts. */
export function assertOrgWide(ctx: Ctx, what: string): void {
  if (ctx.actor.matter_ids !== null) {
    throw new ApiError(
      'matter_restricted_key',
      `A key restricted to matters cannot ${what}; that is an organization-wide act.`,
    );
  }
}
