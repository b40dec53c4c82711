import { getServerSession } from 'next-auth';
import type { Db, Env } from '../context';
import { ApiError } from '../errors';
import type { Principal } from './api-keys';
import { authOptions } from './next-auth';

/** Cookie holding the console's selected environment (the Stripe-style test-mode toggle). */
export const ENV_COOKIE = 'md_console_env';
/** Header the console client sends with the environment its page was rendered for. */
export const ENV_HEADER = 'x-md-env';

export interface ConsoleUser {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
}
export interface ConsolePrincipal extends Principal {
  user: ConsoleUser;
  orgName: string;
  /** May this organization switch to production (feature `production_access`)? */
  productionAllowed: boolean;
}

/** Production only for organizations with `production_access`; anything else is the sandbox. */
export function selectEnv(features: readonly string[], wanted: string | null | undefined): Env {
  return wanted === 'production' && features.includes('production_access') ? 'production' : 'sandbox';
}

/** The signed-in user of this request's session cookie and its session version, or null. */
export async function sessionIdentity(): Promise<{ userId: string; version: number } | null> {
  const session = await getServerSession(await authOptions());
  const user = session?.user as { id?: unknown; sv?: unknown } | undefined;
  if (typeof user?.id !== 'string') return null;
  // A cookie minted before session versions existed counts as version 0.
  return { userId: user.id, version: typeof user.sv === 'number' ? user.sv : 0 };
}

/**
 * What a console session acts as, built like the REST wrapper's principal: the organization,
 * the selected environment, and the user as actor with scope `*` narrowed by their roles and
 * matter permissions. Read from the database on every request: a disabled user is refused at
 * once although their cookie is still validly signed. So is a session of an older version than
 * the user's (signed out, disabled, roles or matters changed since the cookie was issued).
 * Production only for users who may act there (`production_access`) in organizations that may.
 */
export async function consolePrincipal(
  db: Db,
  userId: string,
  wantedEnv: string | null | undefined,
  sessionVersion: number,
): Promise<ConsolePrincipal> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user || user.status !== 'active' || user.session_version !== sessionVersion) {
    throw new ApiError('authentication_required', 'Your session has ended. Sign in again.');
  }
  const org = await db.organization.findUniqueOrThrow({ where: { id: user.org_id } });
  return {
    org: { id: org.id, parent_id: org.parent_id, features: org.features, pinned_version: org.pinned_version },
    env: selectEnv(user.production_access ? org.features : [], wantedEnv),
    actor: {
      id: user.id,
      key_id: null,
      user_id: user.id,
      scopes: ['*'],
      roles: user.roles,
      matter_ids: user.matter_ids.length ? user.matter_ids : null,
    },
    user: { id: user.id, email: user.email, name: user.name, roles: user.roles },
    orgName: org.name,
    productionAllowed: user.production_access && org.features.includes('production_access'),
  };
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}
