/**
 * `transaction()` and `txQuery` (src/server/db/transaction.ts), in-process on the database the
 * suite runs on. On PostgreSQL a transaction runs on a lane (src/server/db/lanes.ts) and
 * `txQuery` takes its pg connection; these tests prove it is that transaction's connection
 * (same transaction id, rolled back with it, never shared between concurrent transactions,
 * never reachable once the transaction is over), and what a lane adds: Prisma's own nested
 * transactions as savepoints, a COMMIT that PostgreSQL turned into ROLLBACK reported as a
 * failure, the time limit, and a `tx` that is dead once its transaction has ended even when
 * its lane runs another. On PGlite they cover the Prisma fallback. Writes deferred to a
 * transaction's end (the audit and outbox append) run there, in order, rolled back with it, and
 * folded into the transaction's last statement; what waits for its commit runs only after it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { scratchDb } from './helpers/scratch-db';
import { serviceCtx } from './helpers/service-ctx';

const scratch = scratchDb('md_tx');
const base = scratch.onPostgres;
const dbName = scratch.name;
let mod: {
  getDb: typeof import('../src/server/db/client').getDb;
  closeDb: typeof import('../src/server/db/client').closeDb;
  lanesOf: typeof import('../src/server/db/client').lanesOf;
  poolOf: typeof import('../src/server/db/client').poolOf;
  Lanes: typeof import('../src/server/db/lanes').Lanes;
  laneQuery: typeof import('../src/server/db/lanes').laneQuery;
  transaction: typeof import('../src/server/db/transaction').transaction;
  txQuery: typeof import('../src/server/db/transaction').txQuery;
  defer: typeof import('../src/server/db/transaction').defer;
  writeLast: typeof import('../src/server/db/transaction').writeLast;
  afterCommit: typeof import('../src/server/db/transaction').afterCommit;
  recordChange: typeof import('../src/server/services/audit/append').recordChange;
  recordChangeNow: typeof import('../src/server/services/audit/append').recordChangeNow;
};

const admin = scratch.admin;

before(async () => {
  await scratch.open();
  mod = {
    ...(await import('../src/server/db/client')),
    ...(await import('../src/server/db/lanes')),
    ...(await import('../src/server/db/transaction')),
    ...(await import('../src/server/services/audit/append')),
  };
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

/** A WITH entry writing a chain row; which statement wrote it is read back from its cmin. */
const chainRow =
  (key: string, cte = 'w') =>
  (p: import('../src/server/db/transaction').Params) =>
    `${cte} AS (INSERT INTO audit_chains (chain_key, seq, head_hash, prev_hash)
      VALUES (${p.add(key)}, 1, '', ''))`;

/** The caller of an audit append: a sandbox key of an organization of this test's own. */
const auditCtx = () => serviceCtx(`org_defer_${process.pid}`, 'sandbox', 'key_defer');

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

describe('lanes: write transactions outside Prisma on PostgreSQL', { skip: !base && 'PostgreSQL only' }, () => {
  const counterpartyName = (tag: string) => `lane-test-${tag}-${process.pid}`;
  /** A counterparty with a relationship: a nested write, which Prisma runs as a transaction of its own. */
  const nestedCreate = (tx: import('../src/server/context').Tx, tag: string) =>
    tx.counterparty.create({
      data: {
        id: `cou_${tag}_${process.pid}`,
        org_id: 'org_lane_test',
        env: 'sandbox',
        type: 'exchange',
        name: counterpartyName(tag),
        normalized_name: counterpartyName(tag),
        relationships: {
          create: {
            id: `rel_${tag}_${process.pid}`,
            org_id: 'org_lane_test',
            env: 'sandbox',
            channel_type: 'email',
            usable_by_operator: true,
            usable_by_counsel: true,
            usable_by_law_enforcement: false,
            authorized_submitter_required: false,
          },
        },
      },
    });
  const rowsOf = async (tag: string) => {
    const db = await mod.getDb();
    return (
      (await db.relationship.count({ where: { id: `rel_${tag}_${process.pid}` } })) +
      (await db.counterparty.count({ where: { id: `cou_${tag}_${process.pid}` } }))
    );
  };

  test("a tx from one copy of lanes.ts reaches its connection through another copy's laneQuery", async () => {
    // `next start` holds one copy of a module per bundle: the lanes come from the copy that
    // opened the database (instrumentation), laneQuery is called from the route handlers'.
    const copy: typeof import('../src/server/db/lanes') = await import(`../src/server/db/lanes.ts?copy=${process.pid}`);
    assert.notEqual(copy.laneQuery, mod.laneQuery, 'a second instance of the module');
    const db = await mod.getDb();
    await mod.lanesOf(db)!.run(async (tx) => {
      const [prisma] = await tx.$queryRawUnsafe<{ id: string }[]>(txid);
      const sent = copy.laneQuery(tx, { text: txid });
      assert.ok(sent, 'the run is found, so the statement does not fall back to Prisma');
      assert.equal((await sent).rows[0].id, prisma.id);
    });
  });

  test("Prisma's own transaction for a nested write is a savepoint in the lane's: rolled back and committed with it", async () => {
    const db = await mod.getDb();
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        await nestedCreate(tx, 'rolled');
        assert.equal(await tx.relationship.count({ where: { id: `rel_rolled_${process.pid}` } }), 1);
        throw new Error('handler failed');
      }),
      /handler failed/,
    );
    assert.equal(await rowsOf('rolled'), 0);
    await mod.transaction(db, (tx) => nestedCreate(tx, 'kept'));
    assert.equal(await rowsOf('kept'), 2);
  });

  test('a nested write that fails rolls back to its savepoint; the transaction goes on and commits', async () => {
    const db = await mod.getDb();
    await mod.transaction(db, (tx) => nestedCreate(tx, 'dup'));
    await mod.transaction(db, async (tx) => {
      await assert.rejects(nestedCreate(tx, 'dup'), /Unique constraint/i);
      await nestedCreate(tx, 'after-dup');
    });
    assert.equal(await rowsOf('after-dup'), 2);
  });

  test('a statement that failed aborts the transaction: a caught error cannot turn the COMMIT into a silent ROLLBACK', async () => {
    const db = await mod.getDb();
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        await nestedCreate(tx, 'aborted');
        await tx.$queryRawUnsafe('SELECT 1/0').catch(() => 'swallowed');
        return 'done';
      }),
      /Transaction aborted/,
    );
    assert.equal(await rowsOf('aborted'), 0);
  });

  test('BEGIN goes out with the first statement, COMMIT with the final write, neither waiting for an answer', async () => {
    const db = await mod.getDb();
    const marker = `SELECT 'pipelined-${process.pid}' AS marker`;
    const seen: string[] = [];
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      const text = typeof q === 'string' ? q : (q?.text ?? '');
      const tag = text === marker ? 'statement' : text.startsWith('WITH') ? 'final' : text;
      const sent = query.apply(this, args);
      if (['BEGIN', 'COMMIT', 'statement', 'final'].includes(tag)) {
        seen.push(`send ${tag}`);
        (sent as Promise<unknown>).then(() => seen.push(`answer ${tag}`));
      }
      return sent;
    };
    try {
      await mod.transaction(db, async (tx) => {
        await mod.txQuery(tx, marker, []);
        await mod.writeLast(tx, chainRow(`pipelined-final-${process.pid}`));
      });
      await mod.transaction(db, async () => 'nothing sent');
    } finally {
      proto.query = query;
    }
    assert.deepEqual(seen, [
      'send BEGIN',
      'send statement',
      'answer BEGIN',
      'answer statement',
      'send final',
      'send COMMIT',
      'answer final',
      'answer COMMIT',
    ]);
    assert.equal(await chainCount(`pipelined-final-${process.pid}`), 1);
  });

  test('past its time limit a transaction is rolled back, its later statements refused', async () => {
    const db = await mod.getDb();
    const lanes = new mod.Lanes(mod.poolOf(db)!, 150);
    try {
      await assert.rejects(
        lanes.run(async (tx) => {
          await nestedCreate(tx, 'slow');
          await new Promise((r) => setTimeout(r, 300));
          await tx.$queryRawUnsafe('SELECT 1');
        }),
        /timed out/,
      );
      assert.equal(await rowsOf('slow'), 0);
      // The lane serves the next transaction as usual.
      assert.deepEqual(await lanes.run((tx) => tx.$queryRawUnsafe('SELECT 1 AS one')), [{ one: 1 }]);
    } finally {
      await lanes.close();
    }
  });

  test("a transaction's tx is dead once it has ended, even while its lane runs another transaction", async () => {
    const db = await mod.getDb();
    let first: import('../src/server/context').Tx | null = null;
    const firstId = await mod.transaction(db, async (tx) => {
      first = tx;
      return (await tx.$queryRawUnsafe<{ id: string }[]>(txid))[0].id;
    });
    await mod.transaction(db, async (tx) => {
      const [now] = await tx.$queryRawUnsafe<{ id: string }[]>(txid);
      assert.notEqual(now.id, firstId);
      assert.throws(() => first!.$queryRawUnsafe(txid), /already closed/);
      await assert.rejects(mod.txQuery(first!, txid, []), /already closed/);
    });
  });

  test("a lane's Prisma client is made by its first Prisma query, not by raw statements", async () => {
    const db = await mod.getDb();
    const lanes = new mod.Lanes(mod.poolOf(db)!);
    try {
      // Three transactions held open until all three have run a statement: three lanes.
      let started = 0;
      let allStarted!: () => void;
      const all = new Promise<void>((r) => (allStarted = r));
      await Promise.all(
        Array.from({ length: 3 }, () =>
          lanes.run(async (tx) => {
            await mod.txQuery(tx, txid, []);
            if (++started === 3) allStarted();
            await all;
          }),
        ),
      );
      assert.deepEqual([lanes.size, lanes.clients], [3, 0]);
      assert.deepEqual(await lanes.run((tx) => tx.$queryRawUnsafe('SELECT 1 AS one')), [{ one: 1 }]);
      assert.deepEqual([lanes.size, lanes.clients], [3, 1]);
    } finally {
      await lanes.close();
    }
  });

  test('there are never more lanes than pooled connections (60 transactions at once)', async () => {
    const db = await mod.getDb();
    await Promise.all(
      Array.from({ length: 60 }, () => mod.transaction(db, (tx) => tx.$queryRawUnsafe('SELECT pg_sleep(0.01)::text'))),
    );
    const lanes = mod.lanesOf(db)!;
    assert.ok(lanes.size >= 1 && lanes.size <= mod.poolOf(db)!.options.max!, `${lanes.size} lanes`);
  });

  test("statements run prepared on the transaction's connection: Prisma's, txQuery's, and the root client's", async () => {
    const db = await mod.getDb();
    const prepared = `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'md\\_%'`;
    const marker = `SELECT 'prepared-${process.pid}' AS marker`;
    const seen = await mod.transaction(db, async (tx) => {
      await tx.counterparty.findMany({ where: { org_id: 'org_lane_test' }, take: 1 });
      await mod.txQuery(tx, marker, []);
      await mod.txQuery(tx, marker, []);
      return (await mod.txQuery<{ statement: string }>(tx, prepared, [])).map((r) => r.statement);
    });
    assert.ok(
      seen.some((s) => s === marker),
      'txQuery statement prepared',
    );
    assert.ok(
      seen.some((s) => s.includes('"public"."counterparties"')),
      "Prisma's statement prepared",
    );
    // The root client's queries too: this one is prepared before it runs, so it sees itself.
    const root = await db.$queryRawUnsafe<{ statement: string }[]>(prepared);
    assert.ok(
      root.some((r) => r.statement === prepared),
      "the root client's statement prepared",
    );
  });
});

describe(`writes deferred to the end of a transaction on ${base ? 'PostgreSQL' : 'PGlite'}`, () => {
  type Tx = import('../src/server/context').Tx;
  const key = (tag: string) => `defer-${tag}-${process.pid}`;
  // The command id (cmin) a row was inserted under: every statement of a transaction has its
  // own, and the WITH entries of one statement share theirs. statement_timestamp() told the
  // same, but PGlite's clock can give two statements in a row one timestamp.
  const statementIds = async (...keys: string[]) => {
    const db = await mod.getDb();
    const rows = await db.$queryRawUnsafe<{ chain_key: string; cmin: number }[]>(
      'SELECT chain_key, cmin::text::int AS cmin FROM audit_chains WHERE chain_key = ANY($1::text[])',
      keys,
    );
    return keys.map((k) => rows.find((r) => r.chain_key === k)?.cmin ?? null);
  };

  test("a deferred write runs after the handler's statements, before COMMIT, in the order deferred", async () => {
    const db = await mod.getDb();
    await mod.transaction(db, async (tx) => {
      assert.equal(mod.defer(tx, chainRow(key('a'))), true);
      assert.equal(mod.defer(tx, chainRow(key('b'))), true);
      const [seen] = await mod.txQuery<{ n: number }>(
        tx,
        'SELECT count(*)::int AS n FROM audit_chains WHERE chain_key = $1',
        [key('a')],
      );
      assert.equal(Number(seen.n), 0, 'not written yet, even inside the transaction');
    });
    const [a, b] = await statementIds(key('a'), key('b'));
    assert.ok(a !== null && b !== null && a < b, `${a} before ${b}`);
  });

  test('the final write shares one statement with the last deferred one; earlier ones run alone', async () => {
    const db = await mod.getDb();
    await mod.transaction(db, async (tx) => {
      mod.defer(tx, chainRow(key('first')));
      await mod.writeLast(tx, chainRow(key('last'), 'last_write'));
      mod.defer(tx, chainRow(key('second')));
    });
    const [first, second, last] = await statementIds(key('first'), key('second'), key('last'));
    assert.ok(first !== null && second !== null && first !== second);
    assert.equal(last, second, 'one statement');
    // With nothing deferred, the final write runs on its own; outside transaction(), at once.
    await mod.transaction(db, (tx) => mod.writeLast(tx, chainRow(key('alone'))));
    assert.equal(await chainCount(key('alone')), 1);
  });

  test('a failed transaction writes nothing it deferred; outside transaction() nothing is deferred', async () => {
    const db = await mod.getDb();
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        mod.defer(tx, chainRow(key('rolled')));
        throw new Error('handler failed');
      }),
      /handler failed/,
    );
    assert.equal(await chainCount(key('rolled')), 0);
    // A deferred write that fails (here: a duplicate key) fails the transaction at its end,
    // and what the transaction wrote before it is rolled back.
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        mod.defer(tx, chainRow(key('before-dup')));
        mod.defer(tx, chainRow(key('a')));
        await tx.counterparty.findMany({ take: 1 });
      }),
      /duplicate key|unique/i,
    );
    assert.equal(await chainCount(key('before-dup')), 0);
    await db.$transaction(async (tx) => {
      assert.equal(mod.defer(tx as unknown as Tx, chainRow(key('outside'))), false);
    });
  });

  test('what waits for the commit runs once it has committed, once per function, never after a rollback', async () => {
    const db = await mod.getDb();
    const ran: string[] = [];
    const f = () => ran.push('f');
    await mod.transaction(db, async (tx) => {
      mod.afterCommit(tx, f);
      mod.afterCommit(tx, () => ran.push('g'));
      mod.afterCommit(tx, f);
      mod.defer(tx, chainRow(key('after-commit')));
      await tx.counterparty.findMany({ take: 1 });
      assert.deepEqual(ran, [], 'not before the commit');
    });
    assert.deepEqual(ran, ['f', 'g']);
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        mod.afterCommit(tx, f);
        throw new Error('handler failed');
      }),
      /handler failed/,
    );
    // A transaction that fails at its end (a deferred duplicate) has not committed either.
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        mod.afterCommit(tx, f);
        mod.defer(tx, chainRow(key('after-commit')));
      }),
      /duplicate key|unique/i,
    );
    await db.$transaction(async (tx) => mod.afterCommit(tx as unknown as Tx, f));
    assert.deepEqual(ran, ['f', 'g'], 'nothing after a rollback, nothing outside transaction()');
    // One that throws is logged: the transaction has committed, so it still succeeds.
    const out = await mod.transaction(db, async (tx) => {
      mod.afterCommit(tx, () => {
        throw new Error('after-commit step failed');
      });
      mod.afterCommit(tx, () => ran.push('h'));
      return 'committed';
    });
    assert.equal(out, 'committed');
    assert.deepEqual(ran, ['f', 'g', 'h']);
  });

  test('an audit event appended now follows the ones deferred before it in its chain', async () => {
    const db = await mod.getDb();
    const ctx = auditCtx();
    const input = (n: number) => ({
      event_type: `custom.step_${n}`,
      object_type: 'matter',
      object_id: 'mat_defer',
      matter_id: `mat_defer_${process.pid}`,
    });
    const now = await mod.transaction(db, async (tx) => {
      const first = await mod.recordChange(ctx, tx, input(1));
      assert.equal(ctx.auditRef, first.id, 'the audit_ref is known before the append');
      return mod.recordChangeNow(ctx, tx, input(2));
    });
    const events = await db.auditEvent.findMany({
      where: { chain_key: `mat_defer_${process.pid}` },
      orderBy: { seq: 'asc' },
    });
    assert.deepEqual(
      events.map((e) => [e.seq, e.event_type]),
      [
        [1, 'custom.step_1'],
        [2, 'custom.step_2'],
      ],
    );
    assert.equal(now.seq, 2);
    assert.equal(now.hash, events[1].hash);
    assert.equal(now.prev_hash, events[0].hash);
  });

  test("a change given to recordChange as `write` goes out in its audit event's statement, and rolls back with it", async () => {
    const db = await mod.getDb();
    const event = (object_id: string) => ({
      event_type: 'custom.written',
      object_type: 'matter',
      object_id,
      matter_id: `mat_write_${process.pid}`,
    });
    await mod.transaction(db, async (tx) => {
      await mod.recordChange(auditCtx(), tx, { ...event('w1'), write: chainRow(key('write')) });
      await mod.writeLast(tx, chainRow(key('write_last'), 'last_write'));
    });
    const [write, last] = await statementIds(key('write'), key('write_last'));
    assert.ok(write !== null);
    assert.equal(write, last, 'the change, its audit event and the final write: one statement');
    const rows = await db.auditEvent.findMany({ where: { object_id: 'w1', matter_id: `mat_write_${process.pid}` } });
    assert.equal(rows.length, 1);
    await assert.rejects(
      mod.transaction(db, async (tx) => {
        await mod.recordChange(auditCtx(), tx, { ...event('w2'), write: chainRow(key('write_rb')) });
        throw new Error('the handler fails after it');
      }),
    );
    assert.equal(await chainCount(key('write_rb')), 0);
    assert.equal(await db.auditEvent.count({ where: { object_id: 'w2' } }), 0);
  });

  test("inJsonbOrder gives an object's keys in the order the database's jsonb gives them back", async () => {
    const { inJsonbOrder } = await import('../src/server/json');
    const db = await mod.getDb();
    const keys = ['a', 'b', 'zz', 'é', 'Z', '10', '9', '_', 'ab', 'aé', '€', '😀', 'A1', '', 'ä', 'z'];
    let seed = 7;
    const pick = () => keys[(seed = (seed * 48271) % 2147483647) % keys.length];
    const objectOf = (depth: number): Record<string, unknown> => {
      const o: Record<string, unknown> = {};
      for (let i = 0, n = 1 + (seed % 7); i < n; i++)
        o[pick() + (seed % 3 ? '' : pick())] = depth ? objectOf(depth - 1) : [i, { [pick()]: i, [pick()]: [] }];
      return o;
    };
    for (let i = 0; i < 200; i++) {
      const o = objectOf(i % 3);
      const [row] = await db.$queryRawUnsafe<{ v: unknown }[]>('SELECT $1::jsonb AS v', JSON.stringify(o));
      assert.equal(JSON.stringify(inJsonbOrder(o)), JSON.stringify(row.v), JSON.stringify(o));
    }
  });
});
