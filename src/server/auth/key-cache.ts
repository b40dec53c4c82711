import { embeddedDb, onDbClose } from '../db/client';
import { listenPg, listenPglite } from '../db/listen';

/**
 * Bounded in-process cache of API key lookups, keyed by the SHA-256 of the secret (the same
 * hash the table stores, so the secret itself is never kept).
 *
 * Invalidation: triggers on api_keys, users and organizations NOTIFY `md_auth` on every
 * update or delete (migration `auth_cache_notify`): `k:<secret_hash>`, `u:<user id>`,
 * `o:<org id>`. Every process LISTENs and drops the matching entries, so a revocation, roll,
 * user change or organization change reaches all processes within the NOTIFY latency
 * (milliseconds). Entries are served only while the LISTEN is in effect: while it is down the
 * cache is bypassed and emptied, so a missed notification can never serve a stale key.
 * Expiry (`expires_at`) is checked on every hit. A TTL (MD_AUTH_CACHE_TTL_MS, default 5 s)
 * bounds an entry's life even if every other mechanism failed.
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
const MAX = Number(process.env.MD_AUTH_CACHE_SIZE ?? 10_000);
const TTL_MS = Number(process.env.MD_AUTH_CACHE_TTL_MS ?? 5_000);

interface State {
  entries: Map<string, { row: CachedKey; at: number }>;
  /** Bumped by every invalidation: a lookup that raced one is not stored. */
  generation: number;
  listening: boolean;
  started: boolean;
}
// On globalThis: Next bundles route handlers separately, and all must share one cache and one LISTEN.
const g = globalThis as typeof globalThis & { __mdKeyCache?: State };
const state = (g.__mdKeyCache ??= { entries: new Map(), generation: 0, listening: false, started: false });

function start() {
  if (state.started || MAX <= 0) return;
  state.started = true;
  const listener = {
    onNotify: invalidate,
    onState(up: boolean) {
      state.generation++;
      state.entries.clear();
      state.listening = up;
    },
  };
  const url = process.env.DATABASE_URL;
  const unlisten = url
    ? Promise.resolve(listenPg(url, CHANNEL, listener))
    : embeddedDb().then(
        (lite) => lite && listenPglite(lite, CHANNEL, listener),
        () => {
          state.started = false; // the database did not open: the next lookup tries again
          return null;
        },
      );
  // Closing the database ends the LISTEN and empties the cache; the next lookup (on a reopened
  // database) starts a new one.
  onDbClose(async () => {
    state.started = false;
    listener.onState(false);
    const stop = await unlisten;
    await stop?.();
  });
}

/** A cached row for this secret hash, or null (miss, expired TTL, or not listening). */
export function cachedKey(hash: string): CachedKey | null {
  start();
  const e = state.entries.get(hash);
  if (!e) return null;
  if (!state.listening || Date.now() - e.at > TTL_MS) {
    state.entries.delete(hash);
    return null;
  }
  // Least recently used goes first: re-insert at the end.
  state.entries.delete(hash);
  state.entries.set(hash, e);
  return e.row;
}

/** Call before the lookup query; pass the result to storeKey. */
export const cacheGeneration = () => state.generation;

/** Stores a row looked up under `generation`, unless an invalidation came in meanwhile. */
export function storeKey(hash: string, row: CachedKey, generation: number): void {
  if (!state.listening || generation !== state.generation || MAX <= 0) return;
  state.entries.set(hash, { row, at: Date.now() });
  if (state.entries.size > MAX) state.entries.delete(state.entries.keys().next().value!);
}

/** Drops every entry (a change to keys, users or organizations committed by this process). */
export function forgetCachedKeys(): void {
  state.generation++;
  state.entries.clear();
}

/** Handles one `md_auth` payload. Unknown payloads clear everything (safe default). */
export function invalidate(payload: string): void {
  state.generation++;
  const kind = payload.slice(0, 2);
  const id = payload.slice(2);
  if (kind === 'k:') {
    state.entries.delete(id);
    return;
  }
  if (kind === 'u:' || kind === 'o:') {
    for (const [hash, e] of state.entries) {
      if ((kind === 'u:' ? e.row.user_id : e.row.org_id) === id) state.entries.delete(hash);
    }
    return;
  }
  state.entries.clear();
}
