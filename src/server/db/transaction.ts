import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { PrismaClient } from '@/generated/prisma/client';
import type { Tx } from '../context';

/** Waiting for a connection and running a request's transaction (PGlite queues them). */
export const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** The pg connection that the transaction started in this async context runs on. */
const slots = new AsyncLocalStorage<{ conn: pg.PoolClient | null }>();

/**
 * Lets `txQuery` reach the connection of a Prisma transaction on PostgreSQL. Prisma's pg adapter
 * starts a transaction with `pool.connect()` (promise form) from inside `$transaction`, so the
 * first such call in a `transaction()` scope is that transaction's connection. `pool.query`
 * uses the callback form and is never taken for it.
 */
export function exposeTransactionConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  (pool as unknown as { connect: unknown }).connect = (cb?: unknown) => {
    if (cb) return connect(cb);
    const slot = slots.getStore();
    const taken = connect() as Promise<pg.PoolClient>;
    if (!slot || slot.conn) return taken;
    return taken.then((c) => {
      slot.conn ??= c;
      return c;
    });
  };
}

/**
 * `db.$transaction(fn)` with the request options, in which `txQuery` runs on the transaction's
 * own connection. The slot is cleared when the transaction ends: its connection goes back to
 * the pool, and nothing that outlives the transaction may reach it.
 */
export async function transaction<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const slot = { conn: null as pg.PoolClient | null };
  try {
    return await slots.run(slot, () => db.$transaction(fn, TX_OPTIONS));
  } finally {
    slot.conn = null;
  }
}

/**
 * A statement of the request wrapper (idempotency claim and record, audit chain and outbox
 * append) inside `tx`. On PostgreSQL it goes straight to the transaction's pg connection:
 * Prisma's layers cost several times the driver's own CPU per raw statement, and these run on
 * every write. On PGlite (one session that only Prisma may schedule), or in a transaction not
 * opened by `transaction()`, it goes through Prisma. Same SQL and parameters either way; only
 * for columns that read the same through both (see hot-read.ts).
 */
export async function txQuery<T>(tx: Tx, text: string, params: unknown[]): Promise<T[]> {
  const conn = slots.getStore()?.conn;
  if (conn) return (await conn.query(text, params)).rows as T[];
  return tx.$queryRawUnsafe<T[]>(text, ...params);
}
