import type { Db } from '../context';
import { config } from '../config';
import { ApiError } from '../errors';
import { dbCounter, redisCounter, takeToken, type CounterStore } from './rate-budget';

export interface RateState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

const g = globalThis as typeof globalThis & { __mdRedis?: Promise<CounterStore> };

/** Redis when REDIS_URL is set (one client per process), else the database. */
async function counterFor(db: Db): Promise<CounterStore> {
  const url = process.env.REDIS_URL;
  if (!url) return dbCounter(db);
  g.__mdRedis ??= import('ioredis').then(({ Redis }) =>
    redisCounter(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true })),
  );
  return g.__mdRedis;
}

/**
 * Per-credential fixed one-minute window (an API key's id on REST, the user's id in the console), shared by every app process through leases on a
 * counter in the database or Redis (see rate-budget.ts for the bound). Most requests spend a
 * token leased earlier and make no round trip.
 */
export async function consumeRateLimit(
  db: Db,
  bucketKey: string,
  now = Date.now(),
  per: 'key' | 'user' = 'key',
): Promise<RateState> {
  const limit = config.rateLimitPerMin;
  const windowStart = now - (now % 60_000);
  const { ok, remaining } = await takeToken(await counterFor(db), bucketKey, windowStart, limit);
  const resetSeconds = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
  const state = { limit, remaining, resetSeconds };
  if (!ok) {
    throw new ApiError('rate_limited', `Too many requests: the limit is ${limit} per minute for this ${per}.`, {
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
