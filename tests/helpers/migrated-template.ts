/**
 * A migrated, empty database for test servers to start from, made once per set of migrations
 * and copied for each server. Every test server used to start on a blank database: PGlite's
 * initdb took 4-16 s and the 23 migrations 1.5-3 s more (measured with the suite running beside
 * it, on two cores the suite keeps busy), and some 60 servers a run paid it. The copy holds
 * exactly what the product's own `applyMigrations` makes and nothing bootstrapped: each server
 * still creates its own organization and keys. A start on a truly blank database stays covered by the Playwright
 * run (scripts/e2e.ts) and by the tests that pass `blankDatabase`.
 *
 * Made without locks: a process that finds no template builds one under a name of its own and
 * renames it into place; if another process got there first, its copy is the one kept.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

/** Names and contents of the migrations, and PGlite's version (its files are its own format). */
function migrationsKey(): string {
  const h = createHash('sha256');
  const dir = path.join(root, 'prisma/migrations');
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name, 'migration.sql');
    if (!existsSync(file)) continue;
    h.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
  // Its package.json is not in its exports map: read from node_modules directly.
  const pglite = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(readFileSync(pglite, 'utf8')) as { version: string };
  return h.update(version).digest('hex').slice(0, 16);
}

let key: string | null = null;
const templateKey = () => (key ??= migrationsKey());

/** Fills `dataDir` (new and empty) with a copy of the migrated PGlite template. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = path.join(tmpdir(), `md-template-${templateKey()}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(`${template}.building-`);
    const { PGlite } = await import('@electric-sql/pglite');
    const { applyMigrations } = await import('../../src/server/db/migrate');
    const db = await PGlite.create(building);
    try {
      await applyMigrations({ pglite: db });
    } finally {
      await db.close();
    }
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another process's template won
    }
  }
  cpSync(template, dataDir, { recursive: true });
}

/** The URL of database `name` on the server at `base`. */
export function withDatabase(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = '/' + name;
  return u.toString();
}

const createBlank = (admin: pg.Client, name: string) =>
  admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);

/** Creates database `name` on the server at `baseUrl`: a copy of the migrated template, or blank. */
export async function createPgDatabase(baseUrl: string, name: string, blank = false): Promise<void> {
  const template = `md_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    if (blank) {
      await createBlank(admin, name);
      return;
    }
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) await buildPgTemplate(admin, baseUrl, template);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
}

async function buildPgTemplate(admin: pg.Client, baseUrl: string, template: string): Promise<void> {
  const building = `${template}_b${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${building}`);
  await createBlank(admin, building);
  const { applyMigrations } = await import('../../src/server/db/migrate');
  await applyMigrations({ connectionString: withDatabase(baseUrl, building) });
  // The migrator's connections close asynchronously on the server side: a rename right after
  // may still see them, so it is retried for a few seconds.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      return;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === '42P04') break; // duplicate_database: another process's template won
      if (code !== '55006' || attempt >= 50) throw e; // 55006: object_in_use
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
}
