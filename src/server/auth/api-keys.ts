import { sha256Hex } from '../json';
import { randomBase62 } from '../ids';
import { ApiError } from '../errors';
import type { Actor, Db, Env, OrgInfo } from '../context';
import { hotRead } from '../db/hot-read';
import { cacheGeneration, cachedKey, storeKey, type CachedKey } from './key-cache';

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
 * One indexed lookup by hash, served from the key cache when warm (see key-cache.ts for how
 * revocation reaches every process); the bound user (if any) narrows scopes and matters.
 * Status and expiry are checked on every request, cached or not.
 */
export async function authenticate(db: Db, header: string | null): Promise<Principal> {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) {
    throw new ApiError('authentication_required', 'Provide your API key as `Authorization: Bearer md_test_…`.');
  }
  const secret = m[1];
  if (!isWellFormedSecret(secret)) throw new ApiError('invalid_api_key', 'Invalid API key provided.');
  const hash = hashSecret(secret);
  const row = cachedKey(hash) ?? (await lookup(db, hash));
  if (!row) throw new ApiError('invalid_api_key', 'Invalid API key provided.');
  if (row.status === 'revoked') throw new ApiError('api_key_revoked', 'This API key has been revoked.');
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) {
    throw new ApiError('api_key_expired', 'This API key has expired.');
  }
  if (row.user_id && (!row.u_id || row.u_status === 'disabled')) {
    throw new ApiError('api_key_revoked', 'The user this API key belongs to is no longer active.');
  }
  const key = { id: row.id, env: row.env, scopes: row.scopes, matter_ids: row.matter_ids };
  const org = { id: row.org_id, parent_id: row.parent_id, features: row.features, pinned_version: row.pinned_version };
  const user = row.u_id ? { id: row.u_id, roles: row.u_roles!, matter_ids: row.u_matter_ids! } : null;
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

/** One round trip: the key with its organization and bound user; cached unless an invalidation raced it. */
async function lookup(db: Db, hash: string): Promise<CachedKey | null> {
  const generation = cacheGeneration();
  const [row] = await hotRead<CachedKey>(
    db,
    `
    SELECT k.id, k.org_id, k.env, k.scopes, k.matter_ids, k.user_id, k.status, k.expires_at,
           o.parent_id, o.features, o.pinned_version,
           u.id AS u_id, u.status AS u_status, u.roles AS u_roles, u.matter_ids AS u_matter_ids
    FROM api_keys k
    JOIN organizations o ON o.id = k.org_id
    LEFT JOIN users u ON u.id = k.user_id
    WHERE k.secret_hash = $1`,
    [hash],
  );
  if (row) storeKey(hash, row, generation);
  return row ?? null;
}

/** Empty list = unrestricted. Two restrictions combine to their intersection. */
export function intersectMatters(a: string[], b: string[]): string[] | null {
  if (!a.length && !b.length) return null;
  if (!a.length) return b;
  if (!b.length) return a;
  return a.filter((id) => b.includes(id));
}
