/**
 * The matter dashboard's counts are exact up to their cap (1,000) and capped past it, with
 * the capped ones named (services/matters/dashboard-counts.ts): one below the cap, at it, and
 * one past it, for each of open actions, open packets, alerts and claimants, with rows of
 * other statuses and of another matter that must not count. The matter's lists filtered by
 * status (which walk the same (matter_id, status, id) indexes) return exactly that status's
 * rows. Rows are seeded in SQL (bench/matter-rows-seed.ts); the last step goes through the API.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sqlRecorder, startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { DocValidator } from './helpers/openapi-validate';
import { seedMatterRows } from '../bench/matter-rows-seed';

const CAP = 1_000;

let srv: TestServer;
let c: Client;
let kit: Kit;
let doc: DocValidator;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
  doc = new DocValidator((await c.get('/v1/openapi.json')).body);
});
after(async () => srv?.stop());

/** Status of row g: the first `open` rows cycle through `openOnes`, the rest through `closed`. */
const statusCase = (open: number, openOnes: string[], closed: string[]) =>
  `CASE WHEN g <= ${open} THEN (ARRAY[${openOnes.map((s) => `'${s}'`).join(',')}])[g % ${openOnes.length} + 1]
        ELSE (ARRAY[${closed.map((s) => `'${s}'`).join(',')}])[g % ${closed.length} + 1] END`;

async function dashboard(m: string) {
  const d = await c.get(`/v1/matters/${m}/dashboard`);
  expectStatus(d, 200, 'dashboard');
  doc.check('GET', '/v1/matters/{matter_id}/dashboard', d, 'dashboard');
  return d.body;
}

describe('dashboard counts below, at and past the cap', () => {
  let big: string;
  let small: string;

  before(async () => {
    big = await kit.matter();
    small = await kit.matter();
    // Recorded and run as one batch: on PGlite each srv.sql stops and restarts the server.
    const batch = sqlRecorder();
    await seedMatterRows(
      batch.sql,
      'actions',
      big,
      CAP - 1 + 10,
      statusCase(CAP - 1, ['open', 'in_progress', 'blocked'], ['completed', 'cancelled']),
    );
    await seedMatterRows(
      batch.sql,
      'packets',
      big,
      CAP + 7,
      statusCase(CAP, ['draft', 'in_review', 'approved', 'sent'], ['responded', 'rejected', 'withdrawn']),
    );
    await seedMatterRows(
      batch.sql,
      'alerts',
      big,
      CAP + 1 + 6,
      statusCase(CAP + 1, ['new', 'actionable', 'monitoring'], ['false_positive', 'resolved']),
    );
    await seedMatterRows(batch.sql, 'claimants', big, CAP + 5);
    await seedMatterRows(batch.sql, 'actions', small, 5, statusCase(3, ['open'], ['completed']));
    await seedMatterRows(batch.sql, 'alerts', small, 4, statusCase(2, ['new'], ['resolved']));
    await seedMatterRows(batch.sql, 'claimants', small, 2);
    await srv.sqlBatch(batch.statements);
  });

  test('a small matter: every count exact, nothing capped, the big matter not counted', async () => {
    const d = await dashboard(small);
    assert.deepEqual(
      [d.open_actions, d.open_packets, d.alerts, d.claimants, d.count_cap, d.capped_counts],
      [3, 0, 2, 2, CAP, []],
    );
  });

  test('one below the cap and at it are exact; one past it reads the cap and is named', async () => {
    const d = await dashboard(big);
    assert.equal(d.count_cap, CAP);
    assert.equal(d.open_actions, CAP - 1, 'one below the cap: exact');
    assert.equal(d.open_packets, CAP, 'at the cap: exact');
    assert.equal(d.alerts, CAP, 'one past the cap: the cap');
    assert.equal(d.claimants, CAP, 'five past the cap: the cap');
    assert.deepEqual(d.capped_counts, ['alerts', 'claimants']);
  });

  test('an action through the API brings open actions to the cap (exact), the next one past it', async () => {
    const add = async (i: number) =>
      expectStatus(
        await c.post('/v1/actions', { matter_id: big, type: 'debtor_discovery', title: `Growth ${i}` }),
        200,
        'action',
      );
    await add(1);
    let d = await dashboard(big);
    assert.equal(d.open_actions, CAP);
    assert.ok(!d.capped_counts.includes('open_actions'));
    await add(2);
    d = await dashboard(big);
    assert.equal(d.open_actions, CAP);
    assert.deepEqual(d.capped_counts, ['open_actions', 'alerts', 'claimants']);
  });

  test("the matter's lists filtered by status hold exactly that status's rows, newest first", async () => {
    // CAP − 1 open-ish actions cycle open / in_progress / blocked: a third of them blocked.
    const blocked = await c.get(`/v1/actions/matters/${big}?status=blocked&limit=100`);
    expectStatus(blocked, 200);
    assert.equal(blocked.body.data.length, 100);
    assert.ok(blocked.body.has_more);
    assert.ok(blocked.body.data.every((a: any) => a.status === 'blocked' && a.matter_id === big));
    const ids = blocked.body.data.map((a: any) => a.action_id);
    assert.deepEqual(ids, [...ids].sort().reverse(), 'newest (largest id) first');
    const next = await c.get(`/v1/actions/matters/${big}?status=blocked&limit=100&starting_after=${ids.at(-1)}`);
    expectStatus(next, 200);
    assert.ok(next.body.data.every((a: any) => a.status === 'blocked' && a.action_id < ids.at(-1)));

    const alerts = await c.get(`/v1/alerts?matter_id=${big}&status=resolved&limit=100`);
    expectStatus(alerts, 200);
    // 6 closed alerts alternate false_positive / resolved.
    assert.equal(alerts.body.data.length, 3);
    assert.ok(!alerts.body.has_more);
    assert.ok(alerts.body.data.every((a: any) => a.status === 'resolved'));

    const packets = await c.get(`/v1/packets?matter_id=${big}&status=withdrawn&limit=100`);
    expectStatus(packets, 200);
    const expected = await srv.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM packets WHERE matter_id = $1 AND status = 'withdrawn'`,
      [big],
    );
    assert.equal(packets.body.data.length, expected[0].n);
    assert.ok(packets.body.data.every((p: any) => p.status === 'withdrawn'));
  });

  test('the due-ordered list reads the earliest due first, undated last', async () => {
    const r = await c.get(`/v1/actions/matters/${small}?sort=due_at&limit=10`);
    expectStatus(r, 200);
    const due = r.body.data.map((a: any) => a.due_at);
    const dated = due.filter((x: string | null) => x !== null);
    assert.deepEqual(dated, [...dated].sort());
    assert.deepEqual(due.slice(dated.length), Array(due.length - dated.length).fill(null));
  });
});
