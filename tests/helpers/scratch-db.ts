import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from './migrated-template';

/**
 * A database of its own for an in-process test of the db layer: a fresh PostgreSQL database
 * beside DATABASE_URL's, or a fresh PGlite data directory. `open()` points this process at it
 * (before src/server/db/client is first used); `drop()` removes it after `closeDb()`.
 */
export function scratchDb(prefix: string) {
  const base = process.env.DATABASE_URL || null;
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = base ? null : mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  /** A statement on the server's default database (PostgreSQL only). */
  async function admin<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = new pg.Client({ connectionString: base! });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  }
  return {
    name,
    onPostgres: !!base,
    admin,
    async open() {
      if (!base) {
        process.env.MD_DATA_DIR = dataDir!;
        return;
      }
      await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
      process.env.DATABASE_URL = withDatabase(base, name);
    },
    async drop() {
      if (base) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
