/**
 * The dispatcher's claim (claimStatement in src/server/jobs/webhook-delivery.ts), run as it is
 * on the test database: which due attempts a worker leases under the in-flight caps (4 per
 * endpoint, 8 per organization and environment, every worker's leases counted), oldest first,
 * within the window of the oldest due attempts. Attempts and endpoints are written in SQL with
 * known times; the expected leases below are worked out from those rules, not from the SQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type SqlStatement, type TestServer } from './helpers/server';
import { claimStatement } from '../src/server/jobs/webhook-delivery';

let srv: TestServer;
before(async () => {
  srv = await startServer({ MD_WEBHOOK_DISPATCHER: 'off' });
});
after(async () => {
  await srv?.stop();
});

const NOW = new Date('2026-12-06T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const endpoints: [id: string, org: string, env: string][] = [
  ['we_a1', 'org_a', 'sandbox'],
  ['we_a2', 'org_a', 'sandbox'],
  ['we_a3', 'org_a', 'sandbox'],
  ['we_p1', 'org_a', 'production'],
  ['we_b1', 'org_b', 'sandbox'],
];
const orgOf = new Map(endpoints.map(([id, org, env]) => [id, [org, env]]));

interface Attempt {
  id: string;
  endpoint: string;
  /** next_attempt_at, in seconds from NOW. */
  due: number;
  status?: string;
  /** locked_until, in seconds from NOW (a lease held by another worker, or one that lapsed). */
  lease?: number;
}

/** Empties the table, then writes the endpoints (once) and these attempts. */
function seed(attempts: Attempt[]): SqlStatement[] {
  return [
    ['DELETE FROM webhook_deliveries', []],
    ['DELETE FROM webhook_endpoints WHERE id LIKE $1', ['we\\_%']],
    ...endpoints.map(([id, org, env]): SqlStatement => [
      `INSERT INTO webhook_endpoints (id, org_id, env, url, enabled_events, status, created_at, updated_at)
         VALUES ($1, $2, $3, 'https://hooks.example.test/' || $1, ARRAY['*'], 'enabled', now(), now())`,
      [id, org, env],
    ]),
    ...attempts.map(({ id, endpoint, due, status = 'pending', lease }): SqlStatement => {
      const [org, env] = orgOf.get(endpoint)!;
      return [
        `INSERT INTO webhook_deliveries (id, org_id, env, endpoint_id, event_id, attempt, status, next_attempt_at, locked_until, locked_by)
         VALUES ($1, $2, $3, $4, 'evt_' || $1, 1, $5, $6, $7, $8)`,
        [
          id,
          org,
          env,
          endpoint,
          status,
          at(due),
          lease === undefined ? null : at(lease),
          lease === undefined ? null : 'w0',
        ],
      ];
    }),
  ];
}

const claim = (worker: string, limit: number, window?: number): SqlStatement => {
  const { text, params } = claimStatement(worker, limit, NOW, window);
  return [text, params];
};
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.id)).sort();
const run = (n: number, endpoint: string, from: number, extra: Partial<Attempt> = {}): Attempt[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${endpoint.slice(3)}-${i + 1}`, endpoint, due: from + i, ...extra }));

/**
 * Organization A (sandbox): a1 holds one lease already and has six older attempts due, a2 and
 * a3 six each, a little newer. A's production endpoint p1 has five; organization B's b1 has two
 * due, one whose lease lapsed a second ago, and one not due for a minute.
 */
const scene: Attempt[] = [
  { id: 'a1-leased', endpoint: 'we_a1', due: -101, lease: 10 },
  ...run(6, 'we_a1', -100),
  { id: 'a1-done', endpoint: 'we_a1', due: -200, status: 'succeeded' },
  { id: 'a1-failed', endpoint: 'we_a1', due: -199, status: 'failed' },
  ...run(6, 'we_a2', -90),
  ...run(6, 'we_a3', -80),
  ...run(5, 'we_p1', -50),
  { id: 'b1-lapsed', endpoint: 'we_b1', due: -20, lease: -1 },
  ...run(2, 'we_b1', -10),
  { id: 'b1-later', endpoint: 'we_b1', due: 60 },
];

const backlog = [...run(10, 'we_a1', -100), ...run(1, 'we_b1', -10)];
/** Every case in one batch (on PGlite each batch stops and restarts the server). */
async function claims() {
  const cases: SqlStatement[][] = [
    [...seed(scene), claim('w1', 16), claim('w2', 16)],
    [...seed(scene), claim('w1', 5)],
    [...seed(backlog), claim('w1', 16, 3)],
    [...seed(backlog), claim('w1', 16)],
  ];
  const rows = await srv.sqlBatch(cases.flat());
  const ends = cases.map((_, i) => cases.slice(0, i + 1).flat().length);
  const [first, second] = rows.slice(ends[0] - 2, ends[0]).map(ids);
  const [limited, narrow, wide] = ends.slice(1).map((end) => ids(rows[end - 1]));
  return { first, second, firstRows: rows[ends[0] - 2], limited, narrow, wide };
}
let result: Awaited<ReturnType<typeof claims>>;

describe('webhook claim', () => {
  before(async () => {
    result = await claims();
  });

  test('caps per endpoint and per organization, leases of every worker counted, oldest first', () => {
    assert.deepEqual(
      result.first,
      [
        // a1: cap 4 less its one lease; then A's sandbox cap of 8 (one held) leaves a2 four, a3 none.
        ...['a1-1', 'a1-2', 'a1-3'],
        ...['a2-1', 'a2-2', 'a2-3', 'a2-4'],
        // b1: the lapsed lease is claimable again and not counted; the later attempt is not due.
        ...['b1-1', 'b1-2', 'b1-lapsed'],
        // p1: production is its own organization cap; the endpoint's cap of 4 applies.
        ...['p1-1', 'p1-2', 'p1-3', 'p1-4'],
      ].sort(),
    );
    assert.ok(
      result.firstRows.every((r) => r.ev_id === null && String(r.url).startsWith('https://hooks.example.test/')),
      'each row carries its endpoint (and its event, none here)',
    );
    assert.deepEqual(result.second, [], 'a second worker finds every cap taken by the first');
  });

  test('a limit takes the oldest of what the caps allow', () => {
    assert.deepEqual(result.limited, ['a1-1', 'a1-2', 'a1-3', 'a2-1', 'a2-2']);
  });

  test('the endpoints considered are those among the window of oldest due attempts', () => {
    assert.deepEqual(result.narrow, ['a1-1', 'a1-2', 'a1-3', 'a1-4'], 'a window of 3 holds only a1');
    assert.deepEqual(result.wide, ['a1-1', 'a1-2', 'a1-3', 'a1-4', 'b1-1']);
  });
});
