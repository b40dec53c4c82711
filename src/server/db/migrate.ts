/**
 * Applies `prisma/migrations` (standard Prisma layout, recorded in `_prisma_migrations`
 * exactly like `prisma migrate deploy`) through the WASM schema engine
 * (@prisma/schema-engine-wasm) talking to the database via a driver adapter, so no native
 * schema-engine binary is needed.
 *
 * WASM engine API (see node_modules/@prisma/schema-engine-wasm/schema_engine.d.ts):
 *   SchemaEngine.new({ datamodels }, logCallback, errorCapturingAdapterFactory)
 *   engine.applyMigrations({ migrationsList, filters })
 *   engine.diff({ from, to, script, exitCode, filters })   (scripts/db-migration-new.ts)
 * The adapter factory must be wrapped with bindMigrationAwareSqlAdapterFactory (turns
 * thrown errors into the `{ ok, value | error }` results the Rust side expects).
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

type SchemaEngineModule = typeof import('@prisma/schema-engine-wasm');

/** Resolved against process.cwd(), never import.meta.url: under `next start` this module
 * lives in a .next/ chunk, far from the project root. (The turbopackIgnore comments stop
 * Next's file tracer from "tracing the whole project" because of these dynamic paths;
 * next.config.js lists the files needed at runtime in outputFileTracingIncludes.) */
export function migrationsDir(): string {
  const rel = process.env.PRISMA_MIGRATIONS_DIR ?? 'prisma/migrations';
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), rel);
}

let enginePromise: Promise<SchemaEngineModule> | undefined;
let engineGeneration = 0;

// The engine's Rust panic hook reports through this global (as the Prisma CLI sets it up);
// without it a panic surfaces as a TypeError instead of the panic message.
const panics = {
  last: '',
  set_message(m: string) {
    this.last = m;
  },
};
const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panics };
g.PRISMA_WASM_PANIC_REGISTRY ??= panics;

/**
 * The package's entry does `import * as wasm from "./x.wasm"` (ESM wasm integration), which
 * plain Node 20 cannot load. So load the JS glue (`./schema_engine_bg`) and instantiate
 * the .wasm by hand, like wasm-bindgen's `--target bundler` expects a bundler to do.
 * Resolution goes through createRequire(cwd) + a runtime file URL so bundlers never try
 * to follow it (the package is also listed in next.config.js serverExternalPackages).
 */
export function loadSchemaEngineWasm(): Promise<SchemaEngineModule> {
  enginePromise ??= (async () => {
    const req = createRequire(path.join(process.cwd(), 'package.json'));
    const gluePath = req.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    // `?gen=` gives a fresh glue module (it holds the wasm instance in module state) after a
    // panic has poisoned the previous instance.
    const url = `${pathToFileURL(gluePath).href}?gen=${engineGeneration}`;
    const glue = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as SchemaEngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    // The engine wraps its own `pg_advisory_lock` in a 10 s timeout whose timer is never
    // cleared: a plain setTimeout would keep a finished CLI process alive for ~10 s.
    // Unref'ed timers don't; withSchemaEngine() holds the event loop while the engine works.
    const imports: Record<string, unknown> = { ...glue };
    for (const name of Object.keys(imports)) {
      if (name.startsWith('__wbg_setTimeout_')) {
        imports[name] = (fn: () => void, ms: number) => setTimeout(fn, ms >>> 0).unref();
      }
    }
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': imports as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return enginePromise;
}

/** Reads the migrations folder the same way the Prisma CLI does (sorted dir names). */
export async function readMigrationsList(dir = migrationsDir()): Promise<MigrationList> {
  const lockPath = 'migration_lock.toml';
  const lockContent = await readFile(path.join(/* turbopackIgnore: true */ dir, lockPath), 'utf8').catch(() => null);
  const entries = await readdir(/* turbopackIgnore: true */ dir, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const migrationDirectories = await Promise.all(
    dirs.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: await readFile(path.join(dir, name, 'migration.sql'), 'utf8').then(
          (value) => ({ tag: 'ok' as const, value }),
          (e: Error) => ({ tag: 'error' as const, value: e.message }),
        ),
      },
    })),
  );
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/**
 * Both adapters' `executeScript` are unfit for migration files, so we replace it:
 * - @prisma/adapter-pg splits the script on ";" (breaks `$$ ... ; ... $$` function bodies and
 *   string literals) and runs each piece on an arbitrary pool connection, non-atomically.
 * - pglite-prisma-adapter fires `exec()` without awaiting it (errors become unhandled
 *   rejections and the migration is recorded as applied anyway).
 * We send the whole script as one simple-protocol query instead, which is what the native
 * engine does (Postgres runs a multi-statement simple query as one implicit transaction).
 */
function withScriptExec(a: SqlDriverAdapter, exec: (script: string) => Promise<unknown>) {
  a.executeScript = async (script: string) => {
    try {
      await exec(script);
    } catch (e) {
      toAdapterError(e);
    }
  };
  return a;
}

/**
 * Surfaces the Postgres error (code, message, detail...) in the engine's error and in
 * `_prisma_migrations.logs`; a plain thrown Error would only show "External error id#0".
 */
function toAdapterError(e: unknown): never {
  const pe = e as Partial<Record<'code' | 'severity' | 'message' | 'detail' | 'column' | 'hint', string>>;
  if (e instanceof Error && typeof pe.code === 'string') {
    throw new DriverAdapterError({
      kind: 'postgres',
      code: pe.code,
      severity: pe.severity ?? 'ERROR',
      message: pe.message ?? String(e),
      detail: pe.detail,
      column: pe.column,
      hint: pe.hint,
    });
  }
  throw e;
}

/** Adapter factory for the engine on a node-postgres Pool. */
export function pgMigrationFactory(pool: pg.Pool): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaPg(pool);
  const poolOf = (a: SqlDriverAdapter) => (a as unknown as { underlyingDriver(): pg.Pool }).underlyingDriver();
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => withScriptExec(await inner.connect(), (s) => pool.query(s)),
    // (unused by applyMigrations) a temporary database created by adapter-pg
    connectToShadowDb: async () => {
      const a = await inner.connectToShadowDb();
      return withScriptExec(a, (s) => poolOf(a).query(s));
    },
  };
}

/**
 * Adapter factory for the engine on a PGlite instance. The shadow database is a fresh
 * in-memory PGlite (closed on dispose), or `shadow` when given (left open; it must be empty).
 */
export function pgliteMigrationFactory(db: PGlite, shadow?: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const adapterOn = async (lite: PGlite) => withScriptExec(await new PrismaPGlite(lite).connect(), (s) => lite.exec(s));
  return {
    provider: 'postgres',
    adapterName: new PrismaPGlite(db).adapterName,
    connect: () => adapterOn(db),
    connectToShadowDb: async () => {
      if (shadow) return adapterOn(shadow);
      const lite = new PGlite(); // in-memory
      const a = await adapterOn(lite);
      a.dispose = () => lite.close();
      return a;
    },
  };
}

/**
 * Runs `fn` with a WASM schema engine bound to the given adapter factory, then frees it.
 * `datamodels` (path, content) is only needed by schema-aware commands.
 */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: SchemaEngine) => Promise<T>,
  datamodels?: [string, string][],
): Promise<T> {
  const wasm = await loadSchemaEngineWasm();
  const log = (msg: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error('[schema-engine]', msg);
  };
  // PGlite does no I/O that keeps Node's event loop alive and the engine's timers are
  // unref'ed (see above), so hold the loop open ourselves while the engine is working.
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    const engine = await wasm.SchemaEngine.new({ datamodels }, log, bindMigrationAwareSqlAdapterFactory(factory));
    try {
      return await fn(engine);
    } finally {
      try {
        engine.free();
      } catch {
        // after a panic free() throws too; the original error is the one that matters
      }
    }
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      // A Rust panic ("unreachable"): this wasm instance is unusable from now on.
      enginePromise = undefined;
      engineGeneration++;
      throw new Error(`schema engine panicked: ${g.PRISMA_WASM_PANIC_REGISTRY?.last || e.message}`, { cause: e });
    }
    throw e;
  } finally {
    clearInterval(keepAlive);
  }
}

// App-specific key, distinct from the schema engine's own pg_advisory_lock(72707369).
const MIGRATION_LOCK_KEY = 4_813_902_117;

export type MigrationTarget = { connectionString: string } | { pglite: PGlite };

/**
 * Applies pending migrations; returns the names applied (empty when up to date).
 *
 * PostgreSQL: the engine takes pg_advisory_lock(72707369) itself, but only with a 10 s
 * timeout, and never unlocks it (it stays on whichever pool connection ran it). So:
 *  - the engine gets its OWN short-lived pg.Pool, ended afterwards, which drops its lock
 *    (never hand it the app's pool: its lock would then live as long as the app);
 *  - concurrent starters are serialized by our own session lock, held on a dedicated
 *    connection without timeout; the 2nd process waits, then finds nothing pending.
 * PGlite: one process per data dir by nature, no lock needed.
 */
export async function applyMigrations(target: MigrationTarget): Promise<string[]> {
  const migrationsList = await readMigrationsList();
  if (migrationsList.migrationDirectories.length === 0) return [];

  const run = (factory: SqlMigrationAwareDriverAdapterFactory) =>
    withSchemaEngine(factory, async (engine) => {
      const out = await engine.applyMigrations({
        migrationsList,
        filters: { externalTables: [], externalEnums: [] },
      });
      return out.appliedMigrationNames;
    });

  if ('pglite' in target) return run(pgliteMigrationFactory(target.pglite));

  const lock = new pg.Client({ connectionString: target.connectionString });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const pool = new pg.Pool({ connectionString: target.connectionString, max: 4 });
    try {
      return await run(pgMigrationFactory(pool));
    } finally {
      await pool.end();
    }
  } finally {
    await lock.end(); // closing the session releases our advisory lock
  }
}
