/**
 * closeDb ends what is bound to the database: the API key cache's LISTEN (src/server/auth/
 * key-cache.ts) stops instead of reconnecting every second to a database that is gone (which
 * also kept a script's process alive), its entries are dropped, and after a reopen the cache
 * listens on the new database, so an invalidation there is heard (on PGlite the old listener
 * sat on the closed instance). In-process, on the database the suite runs on.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { scratchDb } from './helpers/scratch-db';

const scratch = scratchDb('md_close');
const base = scratch.onPostgres;
const dbName = scratch.name;
let db: typeof import('../src/server/db/client');
let cache: typeof import('../src/server/auth/key-cache');

const admin = scratch.admin;

before(async () => {
  await scratch.open();
  db = await import('../src/server/db/client');
  cache = await import('../src/server/auth/key-cache');
});

after(async () => {
  await db?.closeDb();
  await scratch.drop();
});

const row = (hash: string) =>
  ({ id: hash, org_id: 'org', env: 'test', scopes: [], matter_ids: [], status: 'active' }) as never;

/** Stores an entry and waits until the cache serves it, which it does only while listening. */
async function cachedWhileListening(hash: string): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    cache.storeKey(hash, row(hash), cache.cacheGeneration());
    if (cache.cachedKey(hash)) return;
    if (Date.now() - t0 > 5000) assert.fail('the key cache never started listening');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const listeners = async () =>
  Number(
    (
      await admin<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query = $2`, [
        dbName,
        `LISTEN ${cache.CHANNEL}`,
      ])
    )[0].n,
  );

test('closeDb stops the key cache LISTEN and empties it; a reopened database is listened to', async () => {
  await db.getDb();
  await cachedWhileListening('h1');
  if (base) assert.equal(await listeners(), 1, 'one LISTEN connection while open');

  await db.closeDb();
  if (base) {
    // Without the stop, the lost LISTEN connection reconnected every second, forever.
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(await listeners(), 0, 'no LISTEN connection after closeDb, nor a reconnect');
  }
  // (A lookup starts the LISTEN again, as on a reopened database: so only after the count.)
  assert.equal(cache.cachedKey('h1'), null, 'entries are dropped with the database');

  const reopened = await db.getDb();
  await cachedWhileListening('h2');
  if (base) assert.equal(await listeners(), 1, 'one LISTEN again after the reopen, not two');
  // An invalidation NOTIFYed on the reopened database reaches the cache.
  await reopened.$executeRawUnsafe(`SELECT pg_notify('${cache.CHANNEL}', 'k:h2')`);
  const t0 = Date.now();
  while (cache.cachedKey('h2') && Date.now() - t0 < 2000) await new Promise((r) => setTimeout(r, 20));
  assert.equal(cache.cachedKey('h2'), null, 'the NOTIFY on the reopened database was heard');
});
