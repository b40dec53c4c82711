import type { Db } from '../context';
import { poolOf } from './client';
import { named } from './statements';

/**
 * A statement on the hottest paths (API key lookup, `GET /v1/matters/{id}`, the webhook
 * dispatcher's claim and its batched success record), sent straight to the pg pool when `db` is the root client on PostgreSQL: the same SQL and the same connection
 * pool, without Prisma's per-query layers (about 8% of a read's CPU in a profile). Inside a
 * transaction, and on PGlite (one session shared with Prisma's transactions, so only Prisma
 * may schedule it), it goes through Prisma as usual.
 * Only for SQL whose columns read the same through both (text, arrays, timestamptz, json):
 * pg returns numeric and bigint as strings where Prisma returns Decimal and bigint.
 */
export async function hotRead<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query(named(text, params))).rows as T[];
  return db.$queryRawUnsafe<T[]>(text, ...params);
}
