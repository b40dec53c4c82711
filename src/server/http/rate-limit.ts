import type { Db } from '../context';
import { config } from '../config';
import { ApiError } from '../errors';

export interface RateState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * Per-credential fixed one-minute window, counted in the database so every app process agrees.
 * One upsert per request; old windows are swept now and then.
 */
export async function consumeRateLimit(db: Db, bucketKey: string, now = Date.now()): Promise<RateState> {
  const limit = config.rateLimitPerMin;
  const windowStart = new Date(now - (now % 60_000));
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (bucket_key, window_start, count) VALUES (${bucketKey}, ${windowStart}, 1)
    ON CONFLICT (bucket_key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`;
  const count = Number(rows[0].count);
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now) / 1000));
  if (Math.random() < 0.001) {
    await db.$executeRaw`DELETE FROM rate_limit_buckets WHERE window_start < ${new Date(now - 600_000)}`;
  }
  const state = { limit, remaining: Math.max(0, limit - count), resetSeconds };
  if (count > limit) {
    throw new ApiError('rate_limited', `Too many requests: the limit is ${limit} per minute for this key.`, {
      headers: { 'Retry-After': String(resetSeconds), ...rateHeaders(state) },
    });
  }
  return state;
}

export const rateHeaders = (s: RateState): Record<string, string> => ({
  'RateLimit-Limit': String(s.limit),
  'RateLimit-Remaining': String(s.remaining),
  'RateLimit-Reset': String(s.resetSeconds),
});
