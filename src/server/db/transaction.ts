import type { PrismaClient } from '@/generated/prisma/client';
import type { Tx } from '../context';
import { lanesOf } from './client';
import { laneConnection, TX_TIMEOUT_MS } from './lanes';
import { named } from './statements';

/** Waiting for a connection and running a request's transaction (PGlite queues them). */
export const TX_OPTIONS = { maxWait: 15_000, timeout: TX_TIMEOUT_MS } as const;

/**
 * A request's transaction. On PostgreSQL it runs on a lane (lanes.ts): BEGIN and COMMIT on
 * a pooled connection, the handler's Prisma queries on that same connection. On PGlite (one
 * session that only Prisma may schedule) it is `db.$transaction(fn)` with the request options.
 */
export async function transaction<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const lanes = lanesOf(db);
  return lanes ? lanes.run(fn) : db.$transaction(fn, TX_OPTIONS);
}

/**
 * A statement of the request wrapper (idempotency claim and record, audit chain and outbox
 * append) inside `tx`. In a lane's transaction it goes straight to the transaction's pg
 * connection: Prisma's layers cost several times the driver's own CPU per raw statement, and
 * these run on every write. Otherwise (PGlite, or a transaction not opened by `transaction()`)
 * it goes through Prisma. Same SQL and parameters either way; only for columns that read the
 * same through both (see hot-read.ts).
 */
export async function txQuery<T>(tx: Tx, text: string, params: unknown[]): Promise<T[]> {
  const conn = laneConnection(tx);
  if (conn) return (await conn.query(named(text, params))).rows as T[];
  return tx.$queryRawUnsafe<T[]>(text, ...params);
}
