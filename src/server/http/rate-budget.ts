import type { Db } from '../context';
import type { Redis } from 'ioredis';

/**
 * The per-key rate limit without a write per request: each process leases tokens in batches
 * from a shared counter (PostgreSQL `rate_limit_buckets`, or Redis when REDIS_URL is set) and
 * spends them locally.
 *
 * A lease is one atomic increment of the window's counter by the batch size; the process is
 * granted `min(batch, limit - count before)` tokens. So the tokens granted across all
 * processes never exceed the limit: the limit holds exactly, never over. The tolerance is the
 * other way: tokens leased but unspent when the window ends are lost, so a key may be refused
 * up to (processes - 1) × batch requests early. The batch is a sixteenth of what the window
 * had left at the last lease (at least 1, at most 64), so it shrinks to 1 (a lease per request,
 * exact) as the window runs out. Once a lease comes back short, the window is spent for every
 * process and the rest of it is refused locally, with no round trip.
 */
export interface CounterStore {
  /** Adds `n` to the key's counter for the window starting at `windowStart`; returns the new total. */
  add(bucketKey: string, windowStart: number, n: number): Promise<number>;
}

interface Budget {
  window: number;
  /** Tokens leased to this process and not yet spent. */
  left: number;
  /** The shared counter after this process's last lease (every process's leases). */
  counted: number;
  spent: boolean;
  leasing: Promise<void> | null;
}

export interface Grant {
  ok: boolean;
  /** Requests left in the window as far as this process knows. */
  remaining: number;
}

const MAX_BATCH = 64;
const MAX_KEYS = 100_000;
// On globalThis: every route bundle of the process shares the same leases.
const g = globalThis as typeof globalThis & { __mdRateBudgets?: Map<string, Budget> };
const budgets = (g.__mdRateBudgets ??= new Map());

/** Spends one token of `bucketKey` in the window starting at `windowStart`. */
export async function takeToken(
  store: CounterStore,
  bucketKey: string,
  windowStart: number,
  limit: number,
): Promise<Grant> {
  let b = budgets.get(bucketKey);
  if (!b || b.window !== windowStart) {
    if (!b && budgets.size >= MAX_KEYS) budgets.clear(); // windows are a minute; a full map is stale
    b = { window: windowStart, left: 0, counted: 0, spent: false, leasing: null };
    budgets.set(bucketKey, b);
  }
  for (;;) {
    if (b.left > 0) {
      b.left--;
      return { ok: true, remaining: Math.max(0, limit - Math.min(b.counted, limit) + b.left) };
    }
    if (b.spent) return { ok: false, remaining: 0 };
    if (!b.leasing) b.leasing = lease(store, bucketKey, b, limit).finally(() => (b.leasing = null));
    await b.leasing;
  }
}

async function lease(store: CounterStore, bucketKey: string, b: Budget, limit: number) {
  const batch = Math.max(1, Math.min(MAX_BATCH, Math.floor((limit - b.counted) / 16)));
  const total = await store.add(bucketKey, b.window, batch);
  const granted = Math.max(0, Math.min(batch, limit - (total - batch)));
  b.counted = Math.max(b.counted, total);
  b.left += granted;
  if (granted < batch) b.spent = true;
}

/** The counter in PostgreSQL (or PGlite): one upsert per lease. Old windows are swept now and then. */
export function dbCounter(db: Db): CounterStore {
  return {
    async add(bucketKey, windowStart, n) {
      const rows = await db.$queryRaw<{ count: number }[]>`
        INSERT INTO rate_limit_buckets (bucket_key, window_start, count) VALUES (${bucketKey}, ${new Date(windowStart)}, ${n})
        ON CONFLICT (bucket_key, window_start) DO UPDATE SET count = rate_limit_buckets.count + ${n}
        RETURNING count`;
      if (Math.random() < 0.01) {
        await db.$executeRaw`DELETE FROM rate_limit_buckets WHERE window_start < ${new Date(windowStart - 600_000)}`;
      }
      return Number(rows[0].count);
    },
  };
}

/** The counter in Redis: INCRBY and an expiry in one round trip. */
export function redisCounter(redis: Redis): CounterStore {
  return {
    async add(bucketKey, windowStart, n) {
      const key = `md:rl:${bucketKey}:${windowStart}`;
      const res = await redis.multi().incrby(key, n).pexpire(key, 120_000).exec();
      const [err, total] = res![0];
      if (err) throw err;
      return Number(total);
    },
  };
}
