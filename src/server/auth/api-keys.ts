import { sha256Hex } from '../json';
import { randomBase62 } from '../ids';
import { ApiError } from '../errors';
import type { Actor, Db, Env, OrgInfo } from '../context';

/** Secrets are `md_test_`/`md_live_` + 40 base62 characters; only their SHA-256 is stored. */
export const SECRET_PREFIX: Record<Env, string> = { sandbox: 'md_test_', production: 'md_live_' };
const SECRET_RE = /^md_(test|live)_[0-9A-Za-z]{32,}$/;

export function newSecret(env: Env): { secret: string; hash: string; prefix: string } {
  const secret = SECRET_PREFIX[env] + randomBase62(40);
  return { secret, hash: hashSecret(secret), prefix: displayPrefix(secret) };
}

export const hashSecret = (secret: string) => sha256Hex(secret);
export const displayPrefix = (secret: string) => secret.slice(0, 12);
export const isWellFormedSecret = (s: string) => SECRET_RE.test(s);

export interface Principal {
  org: OrgInfo;
  env: Env;
  actor: Actor;
}

/**
 * Resolves `Authorization: Bearer <secret>` to the organization, environment and actor.
 * One indexed lookup by hash; the bound user (if any) narrows scopes and matters.
 */
export async function authenticate(db: Db, header: string | null): Promise<Principal> {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) {
    throw new ApiError('authentication_required', 'Provide your API key as `Authorization: Bearer md_test_…`.');
  }
  const secret = m[1];
  if (!isWellFormedSecret(secret)) throw new ApiError('invalid_api_key', 'Invalid API key provided.');
  const key = await db.apiKey.findUnique({ where: { secret_hash: hashSecret(secret) } });
  if (!key) throw new ApiError('invalid_api_key', 'Invalid API key provided.');
  if (key.status === 'revoked') throw new ApiError('api_key_revoked', 'This API key has been revoked.');
  if (key.expires_at && key.expires_at.getTime() <= Date.now()) {
    throw new ApiError('api_key_expired', 'This API key has expired.');
  }
  const [org, user] = await Promise.all([
    db.organization.findUnique({ where: { id: key.org_id } }),
    key.user_id ? db.user.findUnique({ where: { id: key.user_id } }) : null,
  ]);
  if (!org) throw new ApiError('invalid_api_key', 'Invalid API key provided.');
  if (key.user_id && (!user || user.status === 'disabled')) {
    throw new ApiError('api_key_revoked', 'The user this API key belongs to is no longer active.');
  }
  return {
    org: { id: org.id, parent_id: org.parent_id, features: org.features, pinned_version: org.pinned_version },
    env: key.env as Env,
    actor: {
      id: user?.id ?? key.id,
      key_id: key.id,
      user_id: user?.id ?? null,
      scopes: key.scopes,
      roles: user ? user.roles : null,
      matter_ids: intersectMatters(key.matter_ids, user?.matter_ids ?? []),
    },
  };
}

/** Empty list = unrestricted. Two restrictions combine to their intersection. */
export function intersectMatters(a: string[], b: string[]): string[] | null {
  if (!a.length && !b.length) return null;
  if (!a.length) return b;
  if (!b.length) return a;
  return a.filter((id) => b.includes(id));
}
