/**
 * Test harness: starts the real built app (`next start`) on 127.0.0.1 with a fresh database —
 * a new PGlite folder, or, when DATABASE_URL is set, a new PostgreSQL database created on that
 * server — and talks to it over HTTP like any client. Requires `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'node:v8';
import pg from 'pg';
import { freePort } from './free-port';
import { copyPgliteTemplate, createPgDatabase, withDatabase } from './migrated-template';
// Imported for its framing and socket name only: its server side starts in `next start` alone.
import { frame, sqlSocketPath } from './pglite-sql-hook.mjs';

export const ADMIN_KEY = 'md_test_' + 'T'.repeat(8) + 'estAdminKey0000000000000000000000';
export const ADMIN_EMAIL = 'admin@example.test';
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const VERSION = '2026-06-11';

export interface TestServer {
  url: string;
  adminKey: string;
  env: Record<string, string>;
  /**
   * Run SQL directly against the server's database: on a connection of its own on PostgreSQL,
   * on the server's own instance on PGlite (helpers/pglite-sql-hook.mjs), with the server running.
   * On PGlite while the server is stopped, it opens the folder itself and starts the server after.
   */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements in order, each one's rows returned (seeding). */
  sqlBatch(statements: SqlStatement[]): Promise<Record<string, unknown>[][]>;
  restart(extraEnv?: Record<string, string>): Promise<void>;
  /** `kill -9` the server process (no shutdown of any kind); `restart()` starts it again. */
  crash(): Promise<void>;
  /** The server's process id (while it runs). */
  pid(): number | null;
  stop(): Promise<void>;
  output(): string;
}

export type SqlStatement = [text: string, params: unknown[]];

/**
 * An `sql` function that only records what it is given, for seeders written against `sql`
 * (bench/matter-rows-seed.ts); `srv.sqlBatch(batch.statements)` then runs them all at once.
 * Its statements return no rows.
 */
export function sqlRecorder() {
  const statements: SqlStatement[] = [];
  const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    statements.push([text, params]);
    return [];
  };
  return { sql, statements };
}

/**
 * `databaseUrl` overrides DATABASE_URL as the PostgreSQL server to create the database on;
 * `null` runs on PGlite whatever DATABASE_URL says. The database starts as a copy of the
 * migrated template (helpers/migrated-template.ts); `blankDatabase` starts it empty instead, so
 * the server applies every migration itself. `stdoutToFile` sends the server's stdout to
 * a file instead of a pipe into this process (the benchmarks: a request-per-line log read here
 * would charge the app for this process's reading, on the same cores).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  opts: { databaseUrl?: string | null; stdoutToFile?: boolean; blankDatabase?: boolean } = {},
): Promise<TestServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  const baseUrl = opts.databaseUrl === undefined ? process.env.DATABASE_URL : (opts.databaseUrl ?? undefined);
  let dataDir: string | null = null;
  let dbUrl: string | null = null;
  let dbName: string | null = null;
  if (baseUrl) {
    dbName = `md_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    await createPgDatabase(baseUrl, dbName, opts.blankDatabase);
    dbUrl = withDatabase(baseUrl, dbName);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'md-test-'));
    if (!opts.blankDatabase) await copyPgliteTemplate(dataDir);
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    MD_BOOTSTRAP_API_KEY: ADMIN_KEY,
    MD_BOOTSTRAP_ADMIN_EMAIL: ADMIN_EMAIL,
    MD_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    MD_RATE_LIMIT_PER_MIN: '100000',
    MD_LOG_LEVEL: 'warn',
    MD_PRELOAD_ROUTES: '0', // next.config.js: a route's module loads on its first request
    NODE_ENV: 'production',
    // The suites deliver webhooks to receivers on 127.0.0.1; pass '' to test the default (off).
    MD_WEBHOOK_ALLOW_PRIVATE: '1',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (dbUrl) env.DATABASE_URL = dbUrl;
  // Where the PGlite server's SQL hook listens, one socket per server process (by its pid).
  const sqlDir = dataDir ? mkdtempSync(path.join(tmpdir(), 'md-sql-')) : null;
  const hooks: string[] = [];
  if (dataDir) {
    env.MD_DATA_DIR = dataDir;
    env.MD_TEST_SQL_SOCKET_DIR = sqlDir!;
    hooks.push('pglite-sql-hook.mjs');
  }
  if (env.MD_TEST_WASM_BASELINE === '1') hooks.push('wasm-baseline.mjs');
  for (const hook of hooks) {
    const url = pathToFileURL(path.join(import.meta.dirname, hook)).href;
    env.NODE_OPTIONS = [env.NODE_OPTIONS, `--import=${url}`].filter(Boolean).join(' ');
  }

  let child: ChildProcess | null = null;
  let out = '';
  const logDir = opts.stdoutToFile ? mkdtempSync(path.join(tmpdir(), 'md-log-')) : null;
  const logFile = logDir ? path.join(logDir, 'stdout.log') : null;
  const url = `http://127.0.0.1:${port}`;

  async function launch(more: Record<string, string> = {}) {
    Object.assign(env, more);
    // The child keeps its own copy of the descriptor.
    const fd = logFile ? openSync(logFile, 'a') : null;
    const proc = spawn(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', fd ?? 'pipe', 'pipe'] },
    );
    if (fd !== null) closeSync(fd);
    child = proc;
    proc.stdout?.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      try {
        const r = await fetch(`${url}/v1/health`, { headers: { Authorization: `Bearer ${ADMIN_KEY}` } });
        if (r.status === 200) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  async function halt() {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
      setTimeout(() => c.kill('SIGKILL'), 5000).unref();
    });
  }

  /** Each statement's rows, in order, on one connection (PGlite: the server's own, through its hook). */
  async function runSql(statements: SqlStatement[]): Promise<unknown[][]> {
    const rows: unknown[][] = [];
    if (dbUrl) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        for (const [text, params] of statements) rows.push((await c.query(text, params)).rows);
      } finally {
        await c.end();
      }
      return rows;
    }
    if (child && child.exitCode === null) return sqlOverSocket(sqlSocketPath(sqlDir!, child.pid!), statements);
    // PGlite allows one process at a time: with the server stopped, open the folder here.
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir!);
    try {
      for (const [text, params] of statements) rows.push((await db.query(text, params)).rows);
    } finally {
      await db.close();
      await launch();
    }
    return rows;
  }

  const output = () => (logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') + out;
  await launch();
  return {
    url,
    adminKey: ADMIN_KEY,
    env,
    output,
    restart: async (more) => {
      await halt();
      await launch(more);
    },
    crash: async () => {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
    pid: () => child?.pid ?? null,
    async sql(text, params = []) {
      return (await runSql([[text, params]]))[0] as never;
    },
    sqlBatch: (statements) => runSql(statements) as Promise<Record<string, unknown>[][]>,
    async stop() {
      await halt();
      // A 500 answers only its request id; the cause is in the server's log. Show what the
      // server logged as an error, so that a red run says why (CI keeps no other copy).
      const errors = output()
        .split('\n')
        .filter((l) => /^\{"level":(50|60),/.test(l));
      if (errors.length) process.stderr.write(`${url} logged errors:\n${errors.slice(-20).join('\n')}\n`);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (sqlDir) rmSync(sqlDir, { recursive: true, force: true });
      if (logDir) rmSync(logDir, { recursive: true, force: true });
      if (dbName && baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

/** Statements run by the PGlite server's hook (helpers/pglite-sql-hook.mjs), each one's rows. */
function sqlOverSocket(socketPath: string, statements: SqlStatement[]): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socketPath);
    conn.end(frame(statements));
    const chunks: Buffer[] = [];
    conn.on('data', (c: Buffer) => chunks.push(c));
    conn.on('error', reject);
    conn.on('end', () => {
      const answer = Buffer.concat(chunks);
      if (answer.length < 4) return reject(new Error('the PGlite server closed its SQL socket without an answer'));
      const reply = deserialize(answer.subarray(4)) as { rows?: unknown[][]; error?: string };
      if (reply.error !== undefined) reject(new Error(reply.error));
      else resolve(reply.rows!);
    });
  });
}
