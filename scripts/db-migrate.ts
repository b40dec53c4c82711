/**
 * `npm run db:migrate`: apply pending prisma/migrations to the configured database
 * (DATABASE_URL -> PostgreSQL, else PGlite in MD_DATA_DIR, default ./.data) — the same
 * choice and the same code path as getDb() in src/server/db/client.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, migrationsDir } from '../src/server/db/migrate';
import { lockDataDir } from '../src/server/db/data-dir-lock';

const started = Date.now();
const url = process.env.DATABASE_URL;
let applied: string[];
if (url) {
  console.log(`Target: PostgreSQL ${new URL(url).host}${new URL(url).pathname}`);
  applied = await applyMigrations({ connectionString: url });
} else {
  const dataDir = path.resolve(process.cwd(), process.env.MD_DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  console.log(`Target: PGlite ${dataDir}`);
  // Never beside a running server on the same folder (fails with a clear message instead).
  const unlock = lockDataDir(dataDir);
  const lite = new PGlite(dataDir);
  try {
    applied = await applyMigrations({ pglite: lite });
  } finally {
    await lite.close();
    unlock();
  }
}
console.log(`Migrations: ${path.relative(process.cwd(), migrationsDir())}`);
if (applied.length === 0) console.log('Already up to date: no pending migrations.');
else for (const name of applied) console.log(`Applied ${name}`);
console.log(`(${Date.now() - started} ms)`);
