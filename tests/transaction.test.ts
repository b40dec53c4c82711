/**
 * `transaction()` and `txQuery` (src/server/db/transaction.ts), in-process on the database the
 * suite runs on. On PostgreSQL `txQuery` takes the transaction's own pg connection, found by
 * wrapping `pool.connect`; these tests prove it is that transaction's connection (same
 * transaction id, rolled back with it, never shared between concurrent transactions, never
 * reachable once the transaction is over). On PGlite they cover the Prisma fallback.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { scratchDb } from './helpers/scratch-db';

const scratch = scratchDb('md_tx');
const base = scratch.onPostgres;
const dbName = scratch.name;
let mod: {
  getDb: typeof import('../src/server/db/client').getDb;
  closeDb: typeof import('../src/server/db/client').closeDb;
  transaction: typeof import('../src/server/db/transaction').transaction;
  txQuery: typeof import('../src/server/db/transaction').txQuery;
};

const admin = scratch.admin;

before(async () => {
  await scratch.open();
  mod = { ...(await import('../src/server/db/client')), ...(await import('../src/server/db/transaction')) };
});

after(async () => {
  await mod?.closeDb();
  await scratch.drop();
});

const txid = 'SELECT txid_current()::text AS id';
const chainCount = async (key: string) => {
  const db = await mod.getDb();
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM audit_chains WHERE chain_key = $1',
    key,
  );
  return Number(rows[0].n);
};

describe(`transaction() and txQuery on ${base ? 'PostgreSQL' : 'PGlite'}`, () => {
  test("txQuery runs in the caller's transaction (the same transaction id as Prisma's queries)", async () => {
    const db = await mod.getDb();
    await mod.transaction(db, async (tx) => {
      const [viaPrisma] = await tx.$queryRawUnsafe<{ id: string }[]>(txid);
      const [viaTxQuery] = await mod.txQuery<{ id: string }>(tx, txid, []);
      assert.equal(viaTxQuery.id, viaPrisma.id);
    });
  });

  test('a failed transaction rolls back what txQuery wrote; a committed one keeps it', async () => {
    const db = await mod.getDb();
    const insert = 'INSERT INTO audit_chains (chain_key, seq, head_hash, prev_hash) VALUES ($1, 1, $2, $3)';
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        await mod.txQuery(tx, insert, ['tx-test-rolled-back', 'h', '']);
        throw new Error('handler failed');
      }),
      /handler failed/,
    );
    assert.equal(await chainCount('tx-test-rolled-back'), 0);
    await mod.transaction(db, (tx) => mod.txQuery(tx, insert, ['tx-test-committed', 'h', '']));
    assert.equal(await chainCount('tx-test-committed'), 1);
  });

  test('concurrent transactions each get their own connection (40 at once, more than the pool)', async () => {
    const db = await mod.getDb();
    const seen = await Promise.all(
      Array.from({ length: 40 }, () =>
        mod.transaction(db, async (tx) => {
          const [a] = await tx.$queryRawUnsafe<{ id: string }[]>(txid);
          await new Promise((r) => setTimeout(r, 5));
          const [b] = await mod.txQuery<{ id: string }>(tx, txid, []);
          assert.equal(b.id, a.id);
          return a.id;
        }),
      ),
    );
    assert.equal(new Set(seen).size, 40);
  });

  test('after the transaction, a txQuery left running in its context does not reach its connection', async () => {
    const db = await mod.getDb();
    let later: Promise<unknown> | null = null;
    await mod.transaction(db, async (tx) => {
      await mod.txQuery(tx, txid, []);
      // Started inside, runs after commit: the connection is back in the pool by then, so the
      // query must go to the (closed) Prisma transaction and fail, not run on that connection.
      later = new Promise((r) => setTimeout(r, 50)).then(() => mod.txQuery(tx, txid, []));
    });
    await assert.rejects(later!, /closed|Transaction/i);
  });

  test(
    'pooled connections the server terminates while idle are dropped; the process lives on and reconnects',
    { skip: !base && 'PostgreSQL only' },
    async () => {
      const db = await mod.getDb();
      await Promise.all(Array.from({ length: 4 }, () => db.$queryRawUnsafe('SELECT pg_sleep(0.02)::text AS slept')));
      // Prisma watches the pool only while connected: without the pool's own listener, this
      // error would be an uncaught exception (the test runner reports it as a failure).
      await db.$disconnect();
      await admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`,
      );
      await new Promise((r) => setTimeout(r, 300));
      const [row] = await db.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one');
      assert.equal(row.one, 1);
    },
  );
});
