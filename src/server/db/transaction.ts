import type { PrismaClient } from '@/generated/prisma/client';
import type { Tx } from '../context';
import { lanesOf } from './client';
import { laneQuery, TX_TIMEOUT_MS } from './lanes';
import type pg from 'pg';
import { named } from './statements';
import { log } from '../log';

/** Waiting for a connection and running a request's transaction (PGlite queues them). */
export const TX_OPTIONS = { maxWait: 15_000, timeout: TX_TIMEOUT_MS } as const;

/**
 * A request's transaction. On PostgreSQL it runs on a lane (lanes.ts): BEGIN and COMMIT on
 * a pooled connection, the handler's Prisma queries on that same connection, BEGIN sent with
 * the first statement and COMMIT with the last write (see `defer`), so neither costs a round
 * trip of its own. On PGlite (one session that only Prisma may schedule) it is
 * `db.$transaction(fn)` with the request options. Writes deferred to its end run after `fn`;
 * what waits for its commit (`afterCommit`) runs once it has committed.
 */
export async function transaction<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const lanes = lanesOf(db);
  let state: TxState | undefined;
  const deferring = (tx: Tx) => {
    state = { writes: [], last: null, committed: new Set() };
    deferred.set(tx, state);
    return fn(tx);
  };
  const out = lanes
    ? await lanes.run(deferring, endWrite)
    : await db.$transaction(async (tx) => {
        const result = await deferring(tx);
        const end = await endWrite(tx);
        if (end) await txQuery(tx, end.text, end.values ?? []);
        return result;
      }, TX_OPTIONS);
  // Committed: what follows must not turn the request into a failure.
  for (const f of state?.committed ?? []) {
    try {
      f();
    } catch (e) {
      log.error({ err: String(e) }, 'after-commit step failed');
    }
  }
  return out;
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
  const sent = laneQuery(tx, named(text, params));
  if (sent) return (await sent).rows as T[];
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

/** `ctes` as one statement: `WITH <ctes> <select>`. */
function statementOf(ctes: Ctes, select = 'SELECT 1') {
  const p = new Params();
  return { text: `WITH ${ctes(p)} ${select}`, values: p.values };
}

/** Runs `ctes` as one statement: `WITH <ctes> <select>`. */
export function runCtes<T>(tx: Tx, ctes: Ctes, select?: string): Promise<T[]> {
  const q = statementOf(ctes, select);
  return txQuery<T>(tx, q.text, q.values);
}

/**
 * What waits for the end of each transaction opened by `transaction()`: writes (`defer`,
 * `writeLast`) and what to do once it has committed (`afterCommit`).
 */
interface TxState {
  writes: Ctes[];
  last: Ctes | null;
  committed: Set<() => void>;
}
// On globalThis, as the lanes' runs are (lanes.ts): one map whichever copy of this module in
// the bundle a caller reaches.
const g = globalThis as typeof globalThis & { __mdTxStates?: WeakMap<Tx, TxState> };
const deferred = (g.__mdTxStates ??= new WeakMap<Tx, TxState>());

/**
 * Runs `f` once `tx` has committed, when `tx` was opened by `transaction()` (never after a
 * rollback; the same `f` asked for twice runs once). Does nothing for any other transaction.
 */
export function afterCommit(tx: Tx, f: () => void): void {
  deferred.get(tx)?.committed.add(f);
}

/**
 * Queues a write for the end of `tx`, when `tx` was opened by `transaction()`: it then runs
 * after the handler, in the order queued, the last of them in one statement with the
 * transaction's final write (`writeLast`), which goes out with COMMIT. Returns false, and
 * queues nothing, for any other transaction: the caller runs the write at once. Only for
 * writes nothing reads back in the same transaction (the audit chain and outbox append, whose
 * event id is known before it is written); an error in it still rolls the whole transaction
 * back.
 */
export function defer(tx: Tx, ctes: Ctes): boolean {
  const queue = deferred.get(tx);
  queue?.writes.push(ctes);
  return !!queue;
}

/**
 * The transaction's final write (the idempotency record of the request's outcome): at its
 * end, in one statement with the last write queued by `defer`, sent with COMMIT. Run at once
 * outside `transaction()`.
 */
export async function writeLast(tx: Tx, ctes: Ctes): Promise<void> {
  const queue = deferred.get(tx);
  if (queue) queue.last = ctes;
  else await runCtes(tx, ctes);
}

/** Runs the writes queued on `tx` so far, in order (for a write that must run now, after them). */
export async function flushDeferred(tx: Tx): Promise<void> {
  for (const ctes of deferred.get(tx)?.writes.splice(0) ?? []) await runCtes(tx, ctes);
}

/**
 * The end of a transaction: runs the queued writes but the last, and gives that one, with the
 * final write folded into the same statement, for the caller to send with COMMIT. Null when
 * nothing is left to write.
 */
async function endWrite(tx: Tx): Promise<pg.QueryConfig | null> {
  const queue = deferred.get(tx);
  if (!queue) return null;
  const tail = queue.writes.pop();
  await flushDeferred(tx);
  const { last } = queue;
  const final: Ctes | undefined = tail && last ? (p) => `${tail(p)}, ${last(p)}` : (tail ?? last ?? undefined);
  if (!final) return null;
  const q = statementOf(final);
  return named(q.text, q.values);
}
