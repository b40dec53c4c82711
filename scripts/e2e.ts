/**
 * Runs Playwright. With DATABASE_URL set, the app under test gets a fresh PostgreSQL database
 * (created here, dropped afterwards); otherwise playwright.config.ts gives it a fresh PGlite folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as net.AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'md-e2e-'));

const base = process.env.DATABASE_URL;
let dbName: string | null = null;
const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir };
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
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
if (dbName && base) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
