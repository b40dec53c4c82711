import { notifyCache } from '../db/notify-cache';

/**
 * Bounded in-process cache of API key lookups, keyed by the SHA-256 of the secret (the same
 * hash the table stores, so the secret itself is never kept).
 *
 * Invalidation (db/notify-cache.ts): triggers on api_keys, users and organizations NOTIFY
 * `md_auth` on every update or delete (migration `auth_cache_audit_head`): `k:<secret_hash>`,
 * `u:<user id>`, `o:<org id>`. Every process LISTENs and drops the matching entries, so a
 * revocation, roll, user change or organization change reaches all processes within the
 * NOTIFY latency (milliseconds). Expiry (`expires_at`) is checked on every hit. A TTL
 * (MD_AUTH_CACHE_TTL_MS, default 5 s) bounds an entry's life even if every other mechanism
 * failed.
 */
export interface CachedKey {
  id: string;
  org_id: string;
  env: string;
  scopes: string[];
  matter_ids: string[];
  user_id: string | null;
  status: string;
  expires_at: Date | string | null;
  parent_id: string | null;
  features: string[];
  pinned_version: string;
  u_id: string | null;
  u_status: string | null;
  u_roles: string[] | null;
  u_matter_ids: string[] | null;
}

export const CHANNEL = 'md_auth';

const cache = notifyCache<CachedKey>('api-keys', {
  channel: CHANNEL,
  max: Number(process.env.MD_AUTH_CACHE_SIZE ?? 10_000),
  ttlMs: Number(process.env.MD_AUTH_CACHE_TTL_MS ?? 5_000),
  onNotify: invalidate,
});

/** A cached row for this secret hash, or null (miss, expired TTL, or not listening). */
export const cachedKey = (hash: string): CachedKey | null => cache.get(hash);

/** Call before the lookup query; pass the result to storeKey. */
export const cacheGeneration = () => cache.generation();

/** Stores a row looked up under `generation`, unless an invalidation came in meanwhile. */
export const storeKey = (hash: string, row: CachedKey, generation: number): void => cache.store(hash, row, generation);

/** Drops every entry (a change to keys, users or organizations committed by this process). */
export const forgetCachedKeys = (): void => cache.drop();

/** Handles one `md_auth` payload. Unknown payloads clear everything (safe default). */
function invalidate(payload: string): void {
  const kind = payload.slice(0, 2);
  const id = payload.slice(2);
  if (kind === 'k:') cache.drop(id);
  else if (kind === 'u:') cache.drop((row) => row.user_id === id);
  else if (kind === 'o:') cache.drop((row) => row.org_id === id);
  else cache.drop();
}
