/**
 * Keyset paging's lead (src/server/services/paging.ts): which index column a list asks for as
 * a one-value range, and, on PostgreSQL, that a page then reads only its own rows when one
 * tenant holds most of a table and another's rows are newer. Asked for as `env = X`, the same
 * page walks the primary key backwards past every newer row of the other tenant (the control
 * below shows this seed makes PostgreSQL do so).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { scratchDb } from './helpers/scratch-db';
import { serviceCtx } from './helpers/service-ctx';
import { keysetPage, leadOf, LIST_INDEXES } from '../src/server/services/paging';

/** Each model's indexes in prisma/schema, as column lists (`@@index`, `@@unique`, `@@id`). */
async function schemaIndexes(): Promise<Map<string, string[][]>> {
  const dir = path.join(import.meta.dirname, '..', 'prisma', 'schema');
  const models = new Map<string, string[][]>();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.prisma'))) {
    // A model's body ends at the first line that is only `}` (`@default("{}")` may come before).
    const text = await readFile(path.join(dir, file), 'utf8');
    for (const [, name, body] of text.matchAll(/^model (\w+) \{$([\s\S]*?)^\}$/gm)) {
      const lists = [...body.matchAll(/@@(?:index|unique|id)\(\[([^\]]*)\]/g)].map(([, cols]) =>
        cols.split(',').map((c) => c.trim().replace(/\(.*$/, '')),
      );
      models.set(name, lists);
    }
  }
  return models;
}

describe("every list's leads are indexes of its table", () => {
  test('each list declared with listIndexes has, for each of its leads, an index of those columns and then the id', async () => {
    // The services declare their lists when loaded: load every one that does.
    const services = path.join(import.meta.dirname, '..', 'src', 'server', 'services');
    for (const entry of await readdir(services, { recursive: true })) {
      const file = path.join(services, entry);
      if (
        file.endsWith('.ts') &&
        !file.endsWith('paging.ts') &&
        (await readFile(file, 'utf8')).includes('listIndexes(')
      )
        await import(file);
    }
    assert.ok(LIST_INDEXES.length >= 14, `${LIST_INDEXES.length} lists declared`);
    const schema = await schemaIndexes();
    for (const { model, indexes } of LIST_INDEXES) {
      const have = schema.get(model);
      assert.ok(have, `model ${model} is in prisma/schema`);
      for (const cols of indexes) {
        const want = [...cols, 'id'].join(', ');
        assert.ok(
          have.some((ix) => ix.join(', ') === want),
          `${model}: no index on (${want}); it has ${have.map((ix) => `(${ix.join(', ')})`).join(' ')}`,
        );
      }
    }
  });
});

describe('leadOf picks the column before the id of the first index its filters fill', () => {
  type Filters = Partial<Record<'org_id' | 'env' | 'matter_id' | 'status' | 'severity', unknown>>;
  const pick = (filters: Filters) => leadOf(filters, [['matter_id'], ['org_id', 'env', 'status'], ['org_id', 'env']]);

  test('the environment when only the tenant is given', () => {
    const { where, lead } = pick({ org_id: 'o', env: 'live', matter_id: undefined, status: undefined });
    assert.deepEqual(lead, { env: 'live' });
    assert.deepEqual(where, { org_id: 'o', matter_id: undefined, status: undefined });
  });

  test('an earlier, narrower index when its filters are given', () => {
    assert.deepEqual(pick({ org_id: 'o', env: 'live', matter_id: 'm' }), {
      where: { org_id: 'o', env: 'live' },
      lead: { matter_id: 'm' },
    });
    assert.deepEqual(pick({ org_id: 'o', env: 'live', status: 'new', severity: 'high' }), {
      where: { org_id: 'o', env: 'live', severity: 'high' },
      lead: { status: 'new' },
    });
  });

  test('a filter that is not one value (a restricted key’s matters) never picks an index', () => {
    const { where, lead } = pick({ org_id: 'o', env: 'live', matter_id: { in: ['m1', 'm2'] } });
    assert.deepEqual(lead, { env: 'live' });
    assert.deepEqual(where, { org_id: 'o', matter_id: { in: ['m1', 'm2'] } });
  });

  test('no lead when no index is filled', () => {
    assert.deepEqual(pick({ org_id: 'o' }), { where: { org_id: 'o' } });
  });
});

describe('keysetPage asks for the lead as a one-value range and orders by it', () => {
  const calls: unknown[] = [];
  const find = async (a: unknown) => (calls.push(a), [{ id: 'b' }, { id: 'a' }]);

  test('newest first, from a cursor, and backwards', async () => {
    calls.length = 0;
    await keysetPage({ limit: 1 }, find, { env: 'live' });
    await keysetPage({ limit: 1, starting_after: 'c' }, find, { env: 'live' });
    const back = await keysetPage({ limit: 1, ending_before: 'a' }, find, { env: 'live' });
    await keysetPage({ limit: 1 }, find);
    const range = { gte: 'live', lte: 'live' };
    assert.deepEqual(calls, [
      { where: { env: range }, orderBy: [{ env: 'desc' }, { id: 'desc' }], take: 2 },
      { where: { env: range, id: { lt: 'c' } }, orderBy: [{ env: 'desc' }, { id: 'desc' }], take: 2 },
      { where: { env: range, id: { gt: 'a' } }, orderBy: [{ env: 'asc' }, { id: 'asc' }], take: 2 },
      { where: {}, orderBy: [{ id: 'desc' }], take: 2 },
    ]);
    assert.deepEqual(back, { data: [{ id: 'b' }], has_more: true });
  });
});

const scratch = scratchDb('md_paging');
describe(
  'a list page reads its own rows however many newer rows other tenants hold',
  { skip: !scratch.onPostgres && 'plans are read on PostgreSQL (the pg driver carries the statements)' },
  () => {
    const BIG = 30_000; // the big tenant's alerts, every third one new
    const NEWER = 3_000; // a small tenant's alerts, all newer than the big tenant's
    const WATCHED = 100; // the big tenant's oldest alerts, raised by one watchlist
    const alertId = (n: number) => `alr_${String(n).padStart(12, '0')}`;
    let db: Awaited<ReturnType<typeof import('../src/server/db/client').getDb>>;
    let listAlerts: typeof import('../src/server/services/monitoring/alerts').listAlerts;
    let alertInbox: typeof import('../src/server/services/monitoring/inbox').alertInbox;
    let closeDb: () => Promise<void>;
    let admin: pg.Client;

    before(async () => {
      await scratch.open();
      const client = await import('../src/server/db/client');
      ({ listAlerts } = await import('../src/server/services/monitoring/alerts'));
      ({ alertInbox } = await import('../src/server/services/monitoring/inbox'));
      closeDb = client.closeDb;
      db = await client.getDb();
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const seed = `INSERT INTO alerts (id, org_id, env, matter_id, watchlist_id, type, rule, subject, severity, status, target, reason, evidence, updated_at)
      SELECT 'alr_' || lpad(g::text, 12, '0'), $1, 'live', $2, CASE WHEN g <= ${WATCHED} THEN 'wl_old' END, 'incoming_transfer', 'r', 's' || g, 'low',
             CASE WHEN g % 3 = 0 THEN 'new' ELSE 'dismissed' END, 't', 'r', '{}', now()
      FROM generate_series($3::int, $4::int) g`;
      await admin.query(seed, ['org_big', 'mtr_big', 1, BIG]);
      await admin.query(seed, ['org_small', 'mtr_small', BIG + 1, BIG + NEWER]);
      await admin.query('ANALYZE alerts');
    });

    after(async () => {
      await admin?.end();
      await closeDb?.();
      await scratch.drop();
    });

    const ctxOf = (org: string) => serviceCtx(org, 'live', 'key_paging');

    /** The statements a call sends to the alerts table, as the pg driver sees them. */
    async function statementsOf(run: () => Promise<unknown>) {
      const seen: { text: string; values: unknown[] }[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const c = args[0] as { text?: string; values?: unknown[] };
        if (typeof c === 'object' && c?.text?.includes('"alerts"')) seen.push({ text: c.text, values: c.values ?? [] });
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        await run();
      } finally {
        pg.Client.prototype.query = query;
      }
      return seen;
    }

    /** Rows the statement's scans read (returned or filtered out), from EXPLAIN ANALYZE. */
    async function rowsRead(text: string, values: unknown[]) {
      const { rows } = await admin.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      type Node = Record<string, unknown> & { Plans?: Node[] };
      const walk = (n: Node): number =>
        (String(n['Node Type']).includes('Scan')
          ? (Number(n['Actual Rows']) + Number(n['Rows Removed by Filter'] ?? 0)) * Number(n['Actual Loops'])
          : 0) + (n.Plans ?? []).reduce((s, c) => s + walk(c), 0);
      return walk((rows[0]['QUERY PLAN'] as { Plan: Node }[])[0].Plan);
    }

    test('control: asked for as equalities, the big tenant’s first page walks past the newer rows', async () => {
      const read = await rowsRead(`SELECT id FROM alerts WHERE org_id = $1 AND env = $2 ORDER BY id DESC LIMIT 21`, [
        'org_big',
        'live',
      ]);
      assert.ok(read >= NEWER, `read ${read} rows`);
    });

    const cases: [string, string, Parameters<typeof listAlerts>[2]][] = [
      ['the big tenant, first page', 'org_big', { limit: 20 }],
      ['the big tenant, a page deep in', 'org_big', { limit: 20, starting_after: alertId(BIG / 2) }],
      ['the big tenant, backwards from its oldest rows', 'org_big', { limit: 20, ending_before: alertId(40) }],
      ['the big tenant, by status', 'org_big', { limit: 20, status: 'new' }],
      ['the big tenant, one matter', 'org_big', { limit: 20, matter_id: 'mtr_big' }],
      // The watchlist's alerts are the tenant's oldest: every other alert is newer.
      ['the big tenant, one watchlist', 'org_big', { limit: 20, watchlist_id: 'wl_old' }],
      ['the big tenant, one watchlist by status', 'org_big', { limit: 20, watchlist_id: 'wl_old', status: 'new' }],
      ['the small tenant', 'org_small', { limit: 20 }],
    ];
    for (const [name, org, q] of cases) {
      test(`${name}: at most a page and a row read`, async () => {
        let page: Awaited<ReturnType<typeof listAlerts>> | undefined;
        const [stmt, ...more] = await statementsOf(async () => {
          page = await listAlerts(ctxOf(org), db, q);
        });
        assert.equal(more.length, 0, 'one statement');
        assert.equal(page!.data.length, 20);
        assert.ok(page!.data.every((a) => a.matter_id === (org === 'org_big' ? 'mtr_big' : 'mtr_small')));
        if (q.status) assert.ok(page!.data.every((a) => a.status === q.status));
        if (q.watchlist_id) assert.ok(page!.data.every((a) => a.watchlist_id === q.watchlist_id));
        const read = await rowsRead(stmt.text, stmt.values);
        assert.ok(read <= 21, `read ${read} rows: ${stmt.text}`);
      });
    }

    test('the console’s inbox (the newest 200, not paged) reads at most 201 rows', async () => {
      let inbox: Awaited<ReturnType<typeof alertInbox>> | undefined;
      const [stmt] = await statementsOf(async () => {
        inbox = await alertInbox(ctxOf('org_big'), db, {});
      });
      assert.equal(inbox!.data.length, 200);
      const read = await rowsRead(stmt.text, stmt.values);
      assert.ok(read <= 201, `read ${read} rows: ${stmt.text}`);
    });
  },
);
