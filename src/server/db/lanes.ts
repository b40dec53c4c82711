import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '@/generated/prisma/client';
import type { Tx } from '../context';
import { pgAdapterOptions } from './statements';

/** A transaction is rolled back once it has run this long (as Prisma's `timeout` did). */
export const TX_TIMEOUT_MS = 30_000;

/**
 * One transaction on a lane: its connection, open until it commits, rolls back or times out.
 * `begun` once BEGIN has been sent (with the transaction's first statement, see `statement`).
 */
interface Run {
  conn: pg.PoolClient;
  open: boolean;
  timedOut: boolean;
  savepoints: number;
  begun: boolean;
}

interface Lane {
  /** Made on the lane's first Prisma query (`#clientOf`): null while only raw statements ran. */
  client: PrismaClient | null;
  run: Run | null;
}

/**
 * The run behind each `tx` handed out, so txQuery finds its connection. On globalThis, as the
 * client and its lanes are (client.ts): the lanes are made by the copy of this module in the
 * bundle that opened the database first (instrumentation), and `laneQuery` is called from the
 * route handlers' copy. With a map per copy it found no run in `next start`, and every txQuery
 * went through Prisma instead (correct, on the same connection, but at Prisma's cost).
 */
const g = globalThis as typeof globalThis & { __mdLaneRuns?: WeakMap<object, Run> };
const runs = (g.__mdLaneRuns ??= new WeakMap<object, Run>());

const closed = (run: Run | null) =>
  new Error(
    run?.timedOut
      ? 'Transaction timed out: it ran past its time limit and was rolled back.'
      : 'Transaction already closed: a statement cannot run after its transaction has ended.',
  );

/**
 * Write transactions on PostgreSQL, run outside Prisma's interactive transactions.
 *
 * `$transaction(fn)` costs a write about 0.3 ms of CPU on top of its statements (a transaction
 * manager with timers, a client proxy and BEGIN/COMMIT through the query pipeline), and a
 * driver adapter cannot hand a Prisma query to a connection chosen per request: one client
 * shared by all requests batches their queries together (tried; see README). So a lane is a
 * PrismaClient of its own whose adapter sends every statement to the connection of the one
 * transaction the lane runs at a time. `run` takes a pooled connection and a free lane, hands
 * the handler the lane's client as `tx`, sends BEGIN with the transaction's first statement and
 * COMMIT with its final write (pipelined, see `together`), or ROLLBACK on any error. A
 * statement Prisma itself wraps in a transaction (a nested write) becomes a savepoint.
 *
 * A lane is made on first need, so there are at most as many as the pool has connections. Its
 * client costs memory (2 MB of heap and a query compiler outside it) and is made only when a
 * transaction on the lane first asks Prisma for something: the wrapper's statements and the
 * benchmarked write (`POST /v1/matters`) go straight to the connection (`laneQuery`), and
 * eager clients left a server that had served writes with ten of them (docs/performance.md).
 */
export class Lanes {
  #free: Lane[] = [];
  #all: Lane[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs = TX_TIMEOUT_MS,
  ) {}

  /** Lanes made so far (never more than the pool's connections). */
  get size(): number {
    return this.#all.length;
  }

  /** Lanes whose Prisma client has been made (only those a Prisma query has run on). */
  get clients(): number {
    return this.#all.filter((l) => l.client).length;
  }

  /**
   * Runs `fn` in a transaction. `last`, when given, is called once `fn` has returned and gives
   * the transaction's final write, if it has one: it goes out with COMMIT in one write, so the
   * transaction's last answer is COMMIT's (see `together`).
   */
  async run<T>(fn: (tx: Tx) => Promise<T>, last?: (tx: Tx) => Promise<pg.QueryConfig | null>): Promise<T> {
    const conn = await this.pool.connect();
    const lane = this.#free.pop() ?? this.#open();
    const run: Run = { conn, open: true, timedOut: false, savepoints: 0, begun: false };
    lane.run = run;
    // A fresh view of the lane's client per transaction: once the transaction has ended, a
    // statement started through its `tx` fails instead of reaching the lane's next transaction.
    // The view stands on an empty object and reaches the client, made on first use, only
    // when the handler reads a property of `tx` (laneQuery needs only the view's identity).
    const clientOf = () => this.#clientOf(lane);
    const tx = new Proxy(Object.create(null) as object, {
      get(_view, prop) {
        if (!run.open) throw closed(run);
        const client = clientOf();
        const v = Reflect.get(client, prop, client);
        return typeof v === 'function' ? v.bind(client) : v;
      },
      has: (_view, prop) => prop in clientOf(),
    }) as unknown as Tx;
    runs.set(tx, run);
    const timer = setTimeout(() => {
      run.open = false;
      run.timedOut = true;
    }, this.timeoutMs);
    let broken: Error | undefined;
    try {
      const out = await fn(tx);
      const final = last ? await last(tx) : null;
      if (!run.open) throw closed(run);
      run.open = false;
      // Nothing was sent and nothing is left to write: there is no transaction to commit.
      if (!run.begun && !final) return out;
      const end: (pg.QueryConfig | string)[] = final ? [final, 'COMMIT'] : ['COMMIT'];
      if (!run.begun) end.unshift('BEGIN');
      run.begun = true;
      const commit = (await together(conn, end)).at(-1)!;
      // PostgreSQL answers COMMIT with ROLLBACK when a statement of the transaction failed
      // (a handler that caught the error): nothing was committed, so the request fails too.
      if (commit.command !== 'COMMIT') throw new Error('Transaction aborted: COMMIT was answered with ROLLBACK.');
      return out;
    } catch (e) {
      run.open = false;
      // A connection that cannot even roll back is broken: the pool discards it.
      if (run.begun) await conn.query('ROLLBACK').catch((err: Error) => (broken = err));
      throw e;
    } finally {
      clearTimeout(timer);
      lane.run = null;
      conn.release(broken);
      this.#free.push(lane);
    }
  }

  /** Closes every lane's client (they hold no connections of their own). */
  async close(): Promise<void> {
    const all = this.#all.splice(0);
    this.#free = [];
    await Promise.all(all.map((l) => l.client?.$disconnect().catch(() => {})));
  }

  #open(): Lane {
    const lane: Lane = { client: null, run: null };
    this.#all.push(lane);
    return lane;
  }

  #clientOf(lane: Lane): PrismaClient {
    if (lane.client) return lane.client;
    // PrismaPg takes an object for a pool only if it is a pg.Pool: this one never connects,
    // it forwards the two calls the adapter makes.
    const pool = Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, {
      options: this.pool.options,
      on: () => pool,
      removeListener: () => pool,
      query: (q: pg.QueryConfig) => send(lane, q),
      connect: async () => savepoint(lane),
    });
    lane.client = new PrismaClient({ adapter: new PrismaPg(pool, pgAdapterOptions), errorFormat: 'minimal' });
    return lane.client;
  }
}

/** A statement from the lane's adapter, on the connection of the lane's open transaction. */
function send(lane: Lane, q: pg.QueryConfig) {
  const run = lane.run;
  if (!run?.open) return Promise.reject(closed(run));
  return statement(run, q);
}

/**
 * A statement of the run's transaction. BEGIN is sent with the first one, in one write
 * (`together`): a transaction costs no round trip of its own for it. If BEGIN failed, the
 * statement would run outside a transaction; BEGIN on a connection that is idle (the pool only
 * hands those out, and a run that fails rolls back or discards its connection) fails only when
 * the connection does, and then the statement fails with it.
 */
async function statement(run: Run, q: pg.QueryConfig | string): Promise<pg.QueryResult> {
  if (run.begun) return run.conn.query(q);
  run.begun = true;
  return (await together(run.conn, ['BEGIN', q]))[1];
}

/** The stream under a pg connection (pg sends each statement with cork/uncork on it). */
type Corkable = { connection: { stream: { cork(): void; uncork(): void } } };

/**
 * Sends statements in one write and waits for all their answers. The pool's connections run
 * in pg's pipeline mode, so the second statement does not wait for the first's answer, and
 * the stream is corked around them, so their messages leave in one system call: one round trip
 * for all. PostgreSQL still runs them one after the other, each with its own answer; when one
 * fails, this fails with the first error, and the ones after it still run (a COMMIT after a
 * failed statement of the transaction is answered with ROLLBACK).
 */
async function together(conn: pg.PoolClient, queries: (pg.QueryConfig | string)[]) {
  const stream = (conn as unknown as Corkable).connection.stream;
  stream.cork();
  let sent: Promise<pg.QueryResult>[];
  try {
    sent = queries.map((q) => conn.query(q as pg.QueryConfig));
  } finally {
    stream.uncork();
  }
  return Promise.all(sent);
}

/**
 * What the adapter gets when Prisma starts a transaction of its own inside the lane's (for a
 * statement it must run as several): its BEGIN, COMMIT and ROLLBACK become a savepoint.
 */
function savepoint(lane: Lane) {
  const name = `prisma_nested_${lane.run ? ++lane.run.savepoints : 0}`;
  const as: Record<string, string> = {
    BEGIN: `SAVEPOINT ${name}`,
    COMMIT: `RELEASE SAVEPOINT ${name}`,
    ROLLBACK: `ROLLBACK TO SAVEPOINT ${name}`,
  };
  return {
    // Unnamed: the adapter named the statement after its own text (statements.ts), and a name
    // stands for one text on a connection.
    query: (q: pg.QueryConfig) => send(lane, as[q.text] ? { ...q, name: undefined, text: as[q.text] } : q),
    on: () => {},
    removeListener: () => {},
    release: () => {},
  };
}

/**
 * Sends a statement on the connection of a lane's transaction, when `tx` is one (null when it
 * is not); throws once the transaction has ended.
 */
export function laneQuery(tx: object, q: pg.QueryConfig): Promise<pg.QueryResult> | null {
  const run = runs.get(tx);
  if (!run) return null;
  if (!run.open) throw closed(run);
  return statement(run, q);
}
