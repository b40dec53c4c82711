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
 * Statements deferred to its end (see `defer`) run after `fn`, before COMMIT.
 */
export async function transaction<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const lanes = lanesOf(db);
  const body = async (tx: Tx) => {
    deferred.set(tx, []);
    const out = await fn(tx);
    await flushDeferred(tx);
    return out;
  };
  return lanes ? lanes.run(body) : db.$transaction(body, TX_OPTIONS);
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

/** One statement's parameters: `add(v)` appends a value and gives its placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/**
 * Data-modifying WITH entries (`name AS (INSERT …)`, comma-separated), written against the
 * parameters of the statement they end up in. PostgreSQL runs every data-modifying WITH entry
 * exactly once, whether or not the statement reads it, so entries of two writes can share one
 * statement.
 */
export type Ctes = (p: Params) => string;

/** Runs `ctes` as one statement: `WITH <ctes> <select>`. */
export function runCtes<T>(tx: Tx, ctes: Ctes, select = 'SELECT 1'): Promise<T[]> {
  const p = new Params();
  const text = `WITH ${ctes(p)} ${select}`;
  return txQuery<T>(tx, text, p.values);
}

/** Statements waiting for the end of each transaction opened by `transaction()`, in order. */
const deferred = new WeakMap<Tx, Ctes[]>();

/**
 * Queues a write for the end of `tx`, when `tx` was opened by `transaction()`: it then runs
 * just before COMMIT, folded into the transaction's last statement when it can be (see
 * `flushDeferred`), which saves the round trip. Returns false, and queues nothing, for any
 * other transaction: the caller runs the write at once. Only for writes nothing reads back
 * in the same transaction (the audit chain and outbox append, whose event id is known before
 * it is written); an error in it still rolls the whole transaction back.
 */
export function defer(tx: Tx, ctes: Ctes): boolean {
  const queue = deferred.get(tx);
  if (!queue) return false;
  queue.push(ctes);
  return true;
}

/**
 * Runs the writes queued on `tx`, in the order they were queued, with `last` (the
 * transaction's final write, when the caller has one) folded into the same statement as the
 * last of them: one round trip instead of two. Alone when nothing is queued.
 */
export async function flushDeferred(tx: Tx, last?: Ctes): Promise<void> {
  const queue = deferred.get(tx)?.splice(0) ?? [];
  if (last) {
    const tail = queue.pop();
    queue.push(tail ? (p) => `${tail(p)}, ${last(p)}` : last);
  }
  for (const ctes of queue) await runCtes(tx, ctes);
}
