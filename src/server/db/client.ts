/**
 * Process-wide Prisma client.
 *  - DATABASE_URL set  -> PostgreSQL through @prisma/adapter-pg (one pg.Pool).
 *  - otherwise         -> embedded PGlite stored in MD_DATA_DIR (default ./.data).
 * Pending migrations (prisma/migrations) are applied before the client is first handed out.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '@/generated/prisma/client';
import { applyMigrations } from './migrate';
import { lockDataDir } from './data-dir-lock';
import { Lanes } from './lanes';
import { pgAdapterOptions } from './statements';
import { log } from '../log';

export type { PrismaClient };

interface DbState {
  promise: Promise<PrismaClient>;
  close: () => Promise<void>;
}

// Kept on globalThis so Next dev (HMR re-evaluates modules) and any duplicated module
// instances in a bundle share one client, one pool / PGlite, and one migration run.
const g = globalThis as typeof globalThis & {
  __mdDb?: DbState;
  __mdLite?: PGlite;
  __mdPool?: { client: PrismaClient; pool: pg.Pool; lanes: Lanes };
  __mdRoot?: PrismaClient;
  __mdCloseHooks?: Set<() => Promise<void>>;
};
const closeHooks = (g.__mdCloseHooks ??= new Set());

async function open(state: { close: () => Promise<void> }): Promise<PrismaClient> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Migrations first, on their own short-lived connections (see applyMigrations).
    report(await applyMigrations({ connectionString: url }));
    // pipeline: a transaction sends BEGIN with its first statement and COMMIT with its last
    // write without waiting between them (lanes.ts, `together`).
    const pool = new pg.Pool({ connectionString: url, ...POOL_LIMITS, pipeline: true });
    // An idle pooled connection that the server drops (restart, failover, a terminated backend)
    // makes the pool emit 'error'. Prisma listens only while connected; without a listener of
    // our own, such an error between its $disconnect and the pool's end would crash the process.
    // The pool has already discarded that connection: log it and carry on.
    pool.on('error', (e) => log.warn({ err: String(e) }, 'idle PostgreSQL connection lost'));
    // errorFormat 'minimal': otherwise every query captures a stack trace for the call site
    // of an error message that is only ever logged (a few percent of a query's CPU).
    const client = new PrismaClient({ adapter: new PrismaPg(pool, pgAdapterOptions), errorFormat: 'minimal' });
    const lanes = new Lanes(pool);
    g.__mdPool = { client, pool, lanes };
    g.__mdRoot = client;
    state.close = async () => {
      await lanes.close();
      await client.$disconnect();
      await pool.end();
    };
    return client;
  }

  const dataDir = path.resolve(
    /* turbopackIgnore: true */ process.cwd(), // not a build input: skip Next's file tracing
    process.env.MD_DATA_DIR ?? '.data',
  );
  mkdirSync(dataDir, { recursive: true });
  // A PGlite data dir must only ever be opened by ONE process at a time: a second one fails
  // here with DataDirLockedError instead of writing the same files.
  const unlock = lockDataDir(dataDir);
  state.close = async () => unlock();
  const lite = new PGlite(dataDir);
  g.__mdLite = lite;
  state.close = async () => {
    await lite.close();
    unlock();
  };
  await lite.waitReady;
  report(await applyMigrations({ pglite: lite }));
  const client = new PrismaClient({
    adapter: new PrismaPGlite(lite),
    errorFormat: 'minimal',
    // PGlite is a single connection: interactive transactions run one at a time (others
    // queue inside PGlite), so a waiting caller may need longer than Prisma's 2s maxWait.
    // Never use the root client inside `$transaction(async tx => ...)` on PGlite: that
    // query waits for the open transaction, which waits for it -> stalls until `timeout`.
    transactionOptions: { maxWait: 15_000, timeout: 30_000 },
  });
  g.__mdRoot = client;
  state.close = async () => {
    await client.$disconnect();
    await lite.close();
    unlock();
  };
  return client;
}

/**
 * Bounds on waiting for PostgreSQL, so a database that is down or stalled answers 503 within
 * seconds instead of holding requests: a connection attempt (or a wait for a free pooled
 * connection) gives up after 8 s (under the 10 s a client should wait), a statement after 20 s on the server (a transaction's own
 * timeout is 30 s, see TX_OPTIONS in transaction.ts), and TCP keepalive notices a peer that vanished.
 */
const POOL_LIMITS = {
  connectionTimeoutMillis: 8_000,
  statement_timeout: 20_000,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
} satisfies pg.PoolConfig;

function report(applied: string[]): void {
  if (applied.length > 0) console.info(`[db] applied migrations: ${applied.join(', ')}`);
}

/** The shared client; the first call opens the DB and runs pending migrations (once). */
export function getDb(): Promise<PrismaClient> {
  if (!g.__mdDb) {
    const state = { close: async () => {} } as DbState;
    state.promise = open(state);
    // A failed open (DB down, bad migration) must not be cached forever: clear it so a
    // later call retries, and release whatever was opened.
    state.promise.catch(async () => {
      if (g.__mdDb === state) g.__mdDb = undefined;
      await state.close().catch(() => {});
    });
    g.__mdDb = state;
  }
  return g.__mdDb.promise;
}

/**
 * Whether queries run on this process's own thread (embedded PGlite) rather than in a database
 * server's process: long work then has to be cut into short queries to keep other requests in.
 */
export const dbRunsInProcess = (): boolean => !process.env.DATABASE_URL;

/** The embedded database behind the client, when it is PGlite (for LISTEN in this process). */
export async function embeddedDb(): Promise<PGlite | null> {
  if (!dbRunsInProcess()) return null;
  await getDb();
  return g.__mdLite ?? null;
}

/**
 * The pg pool behind `client` when `client` is the root client on PostgreSQL; null inside a
 * transaction (a transaction client is another object) and on PGlite.
 */
export function poolOf(client: unknown): pg.Pool | null {
  return g.__mdPool && g.__mdPool.client === client ? g.__mdPool.pool : null;
}

/** The write transaction lanes (lanes.ts) of `client` when it is the root client on PostgreSQL. */
export function lanesOf(client: unknown): Lanes | null {
  return g.__mdPool && g.__mdPool.client === client ? g.__mdPool.lanes : null;
}

/** Whether `client` is the process's own client, not a transaction's (which is another object). */
export const isRootClient = (client: unknown): boolean => g.__mdRoot !== undefined && g.__mdRoot === client;

/**
 * Runs `stop` once, at the next closeDb: a subscription bound to this database (a LISTEN
 * connection, a PGlite listener) ends with it instead of reconnecting forever to a database
 * that is gone, or listening on a closed PGlite while a reopened one goes unheard.
 */
export function onDbClose(stop: () => Promise<void>): void {
  closeHooks.add(stop);
}

/** Disconnects and forgets the shared client (tests, scripts, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const hooks = [...closeHooks];
  closeHooks.clear();
  await Promise.all(hooks.map((stop) => stop().catch(() => {})));
  const state = g.__mdDb;
  if (!state) return;
  g.__mdDb = undefined;
  g.__mdLite = undefined;
  g.__mdPool = undefined;
  g.__mdRoot = undefined;
  // A failed open already released its resources (see getDb).
  if (
    await state.promise.then(
      () => true,
      () => false,
    )
  )
    await state.close();
}
