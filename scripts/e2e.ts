/**
 * Runs Playwright. With DATABASE_URL set, the app under test gets a fresh PostgreSQL database
 * (created here, dropped afterwards); otherwise playwright.config.ts gives it a fresh PGlite folder.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const base = process.env.DATABASE_URL;
let dbName: string | null = null;
const env = { ...process.env };
delete env.DATABASE_URL;
if (base) {
  dbName = `md_e2e_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8'`);
  await c.end();
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  env.E2E_DATABASE_URL = u.toString();
}
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
if (dbName && base) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}
process.exit(r.status ?? 1);
