import { embeddedDb, onDbClose } from './client';
import { listenPg, listenPglite } from './listen';

/**
 * A bounded in-process LRU cache kept true by NOTIFY: triggers (see the migrations) send the
 * change's key on `channel` at commit, and every process LISTENs and drops what the payload
 * names. Shared by the API key cache (auth/key-cache.ts) and the matter cache
 * (services/matters/matter-cache.ts).
 * - Entries are served only while the LISTEN is in effect: while it is down the cache is
 *   emptied and bypassed, so a missed notification can never serve a stale entry.
 * - Every invalidation bumps a generation; a lookup that raced one is not stored.
 * - A TTL bounds an entry's life even if every other mechanism failed.
 */
export interface NotifyCache<V> {
  /** The entry for `key`, or null (miss, expired TTL, or not listening). */
  get(key: string): V | null;
  /** Take before the lookup query; pass to `store`. */
  generation(): number;
  /** Stores a value looked up under `generation`, unless an invalidation came in meanwhile. */
  store(key: string, value: V, generation: number): void;
  /** Drops the entry for a key, the entries `match` accepts, or (no argument) every entry. */
  drop(which?: string | ((value: V) => boolean)): void;
}

export interface NotifyCacheOptions<V> {
  channel: string;
  max: number;
  ttlMs: number;
  /** Handles one payload: drops what it names. */
  onNotify(payload: string, cache: NotifyCache<V>): void;
}

interface State {
  entries: Map<string, { value: unknown; at: number }>;
  generation: number;
  listening: boolean;
  started: boolean;
  sweeper: NodeJS.Timeout | null;
}

// On globalThis by name: Next bundles route handlers separately, and all must share one cache and one LISTEN.
const g = globalThis as typeof globalThis & { __mdNotifyCaches?: Map<string, State> };
const states = (g.__mdNotifyCaches ??= new Map());

/** Entries each cache holds now, by name (for /metrics: expired ones count until swept). */
export const cacheSizes = (): [name: string, entries: number][] =>
  [...states].map(([name, s]) => [name, s.entries.size]);

export function notifyCache<V>(name: string, o: NotifyCacheOptions<V>): NotifyCache<V> {
  let state = states.get(name);
  if (!state)
    states.set(name, (state = { entries: new Map(), generation: 0, listening: false, started: false, sweeper: null }));
  const s = state;
  /** Past its TTL: never served, and dropped by the lookup or the sweep that finds it. */
  const expired = (e: { at: number }, now = Date.now()) => now - e.at > o.ttlMs;

  const cache: NotifyCache<V> = {
    get(key) {
      start();
      const e = s.entries.get(key);
      if (!e) return null;
      if (!s.listening || expired(e)) {
        s.entries.delete(key);
        return null;
      }
      // Least recently used goes first: re-insert at the end.
      s.entries.delete(key);
      s.entries.set(key, e);
      return e.value as V;
    },
    generation: () => s.generation,
    store(key, value, generation) {
      if (!s.listening || generation !== s.generation || o.max <= 0) return;
      s.entries.set(key, { value, at: Date.now() });
      if (s.entries.size > o.max) s.entries.delete(s.entries.keys().next().value!);
    },
    drop(which) {
      s.generation++;
      if (which === undefined) s.entries.clear();
      else if (typeof which === 'string') s.entries.delete(which);
      else for (const [key, e] of s.entries) if (which(e.value as V)) s.entries.delete(key);
    },
  };

  /**
   * Expired entries leave the heap within a TTL or so, not only when looked up again or pushed
   * out: after a burst of reads of many matters, the 10,000 entries it left stayed for good,
   * and every full garbage collection marked them again (bench A/B: a server whose matter
   * cache had been filled served /healthz at 87.5% of the bare app against 92.7% for a fresh
   * one; with the sweep, 83.1% against 81.2% in one run).
   */
  function sweep() {
    const now = Date.now();
    for (const [key, e] of s.entries) if (expired(e, now)) s.entries.delete(key);
  }

  function start() {
    if (s.started || o.max <= 0) return;
    s.started = true;
    s.sweeper ??= setInterval(sweep, Math.max(1_000, o.ttlMs)).unref();
    const listener = {
      onNotify: (payload: string) => o.onNotify(payload, cache),
      onState(up: boolean) {
        s.generation++;
        s.entries.clear();
        s.listening = up;
      },
    };
    const url = process.env.DATABASE_URL;
    const unlisten = url
      ? Promise.resolve(listenPg(url, o.channel, listener))
      : embeddedDb().then(
          (lite) => lite && listenPglite(lite, o.channel, listener),
          () => {
            s.started = false; // the database did not open: the next lookup tries again
            return null;
          },
        );
    // Closing the database ends the LISTEN and empties the cache; the next lookup (on a
    // reopened database) starts a new one.
    onDbClose(async () => {
      s.started = false;
      if (s.sweeper) clearInterval(s.sweeper);
      s.sweeper = null;
      listener.onState(false);
      const stop = await unlisten;
      await stop?.();
    });
  }

  return cache;
}
