/**
 * Scenario 1 — crash under write load. 200 concurrent idempotent writes of the kinds in
 * write-kinds.ts; the server (`next start` on PostgreSQL) is killed with SIGKILL while they are
 * in flight, started again, and every request is retried with its original Idempotency-Key.
 *
 * Must hold:
 * - every write answered 2xx before the crash is replayed with the same status and body, and
 *   reads back (lost = 0);
 * - every committed execution is one the client holds an answer for: each audit event written
 *   during the load belongs to the request behind some final answer (duplicates = 0, and no
 *   unacknowledged write exists unless its retry returned it);
 * - every matter's audit chain verifies;
 * - every outbox event committed since the receiver's endpoint exists reaches it at least once;
 * - a packet export and a monitoring scan started just before the load, and still running when
 *   the kill lands (in-flight.ts), each finish once after the restart: the export `ready` in one
 *   row with one completion (one audit event, one `packet.exported`) and a valid PDF to download;
 *   the scan's two alerts raised once, each with one `alert.created`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { client } from '../helpers/client';
import { fixtureOf, makeKit, type Req } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { chaosDatabase, pool, report, shoot, sleep, type Shot } from './lib';
import { describeState, prepareInFlightJobs, type InFlightJobs, type JobsState } from './in-flight';
import { opByName, readBackPath } from './registry';
import { WRITE_KINDS } from './write-kinds';

const WRITES = 200;
/** The server is killed once this share of the writes has been answered. */
const KILL_AFTER_SHARE = 0.3;

let db: Awaited<ReturnType<typeof chaosDatabase>>;
let srv: TestServer;
let receiver: Receiver;
let jobs: InFlightJobs | undefined;

before(async () => {
  db = await chaosDatabase();
  receiver = await startReceiver();
  // Short retries and polls: a delivery cut by the crash is retried when its lease (20 s) ends.
  // A short export lease, so the export the kill cuts is claimed again soon after the restart; not
  // shorter, since each renewal made while the export waits to commit (in-flight.ts) holds a
  // connection of the pool until the kill.
  srv = await startServer(
    { MD_WEBHOOK_RETRY_SCHEDULE_MS: '250,500,1000,2000,4000', MD_WORKER_POLL_MS: '250', MD_EXPORT_LEASE_MS: '6000' },
    { databaseUrl: db.url },
  );
});
after(async () => {
  await jobs?.release();
  await srv?.stop();
  await receiver?.close();
  db?.close();
});

interface Write {
  kind: string;
  method: string;
  req: Req;
  key: string;
  first?: Shot;
  final?: Shot;
}

test(
  `crash under write load: ${WRITES} idempotent writes, kill -9 mid-load, retry with the same keys`,
  { timeout: 240_000 },
  async () => {
    const admin = client(srv.url, srv.adminKey);
    const kit = await makeKit(admin);
    const endpoint = await admin.post('/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));

    // Build every request first (each on objects of its own), so the load is the writes alone.
    const kinds = WRITE_KINDS.map((name) => {
      const op = opByName(name);
      assert.ok(op.idem && op.method !== 'GET', `${name} is not an idempotent write`);
      return op;
    });
    const writes: Write[] = await pool(
      Array.from({ length: WRITES }, (_, i) => kinds[i % kinds.length]),
      8,
      async (op, i) => ({
        kind: op.name,
        method: op.method,
        req: await fixtureOf(op.name).build(kit),
        key: `chaos-crash-${i}-${kit.unique('k')}`,
      }),
    );
    const setupFrom = Date.now();
    jobs = await prepareInFlightJobs(srv, admin, kit);
    const started = await jobs.start();
    const setupMs = Date.now() - setupFrom;
    const before = new Set((await srv.sql<{ id: string }>('SELECT id FROM audit_events')).map((r) => r.id));

    const send = (w: Write) =>
      shoot(srv.url, w.req.path, {
        method: w.method,
        key: srv.adminKey,
        body: JSON.stringify(w.req.body ?? {}),
        headers: { 'Idempotency-Key': w.key },
      });
    const isOk = (s?: Shot) => !!s && s.status >= 200 && s.status < 300;

    // Load: every write at once; SIGKILL once enough are answered (or after 10 s regardless).
    let acked = 0;
    let crash: Promise<void> | null = null;
    let beforeKill: JobsState | undefined;
    const kill = () => {
      crash ??= (async () => {
        try {
          beforeKill = await jobs!.state(); // the export and the scan, an instant before the kill
        } finally {
          await srv.crash();
        }
      })();
      crash.catch(() => {}); // the deadline's call does not await it; the final `await kill()` does
      return crash;
    };
    const deadline = setTimeout(kill, 10_000);
    await Promise.all(
      writes.map(async (w) => {
        w.first = await send(w);
        if (isOk(w.first) && ++acked >= WRITES * KILL_AFTER_SHARE) void kill();
      }),
    );
    clearTimeout(deadline);
    await kill();
    const firstStatuses = writes.map((w) => w.first!.status);
    const inFlight = firstStatuses.filter((s) => s === 0).length;
    // Read before anything runs again: nothing of a job the kill cut can commit any more.
    const atKill = await jobs.state();
    await jobs.release();

    // Restart on the same database and retry every request with its key until it has an answer.
    await srv.restart();
    const retryable = (s: Shot) =>
      s.status === 0 || s.status === 503 || (s.status === 409 && s.body?.error?.code === 'idempotency_key_in_use');
    await pool(writes, 16, async (w) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        w.final = await send(w);
        if (!retryable(w.final)) return;
        await sleep(250);
      }
    });
    const finished = await jobs.finish();

    // Acknowledged before the crash → replayed identically, and it reads back.
    let found = 0;
    let lost = 0;
    const lostWhy: string[] = [];
    for (const w of writes.filter((x) => isOk(x.first))) {
      const f = w.final!;
      const same = f.status === w.first!.status && f.headers?.get('idempotent-replayed') === 'true';
      try {
        assert.ok(same, 'not replayed');
        assert.deepEqual(f.body, w.first!.body);
        const path = readBackPath(f.body);
        if (path) {
          const got = await shoot(srv.url, path, { key: srv.adminKey });
          assert.equal(got.status, 200, `read back ${path}: ${got.status}`);
          assert.equal(got.body.object, f.body.object);
        }
        found++;
      } catch (e) {
        lost++;
        lostWhy.push(`${w.kind} ${w.key}: ${(e as Error).message.slice(0, 200)}`);
      }
    }

    // Every execution that committed during the load is one a final answer points at.
    const finals = writes.map((w) => w.final!);
    const final5xx = [...firstStatuses, ...finals.map((f) => f.status)].filter((s) => s >= 500).length;
    assert.deepEqual(
      finals.filter((f) => !isOk(f)).map((f) => `${f.status} ${JSON.stringify(f.body).slice(0, 200)}`),
      [],
      'every retried write ends answered 2xx',
    );
    const events = (
      await srv.sql<{ id: string; request_id: string; matter_id: string | null }>(
        'SELECT id, request_id, matter_id FROM audit_events',
      )
    ).filter((r) => !before.has(r.id) && !(r.matter_id && jobs!.matters.has(r.matter_id)));
    const requestOf = new Map(events.map((e) => [e.id, e.request_id]));
    const answered = new Set<string>();
    for (const f of finals) {
      assert.match(f.body.audit_ref, /^eve_/, 'a write answers the audit event it wrote');
      const rid = requestOf.get(f.body.audit_ref);
      assert.ok(rid, `the audit event ${f.body.audit_ref} of an answered write exists`);
      answered.add(rid);
    }
    const executions = new Set(events.map((e) => e.request_id));
    const extra = [...executions].filter((rid) => !answered.has(rid));
    const duplicates = extra.length;
    const replayedAfter = writes.filter(
      (w) => !isOk(w.first) && w.final!.headers?.get('idempotent-replayed') === 'true',
    ).length;

    // Every matter's chain verifies.
    const matters: string[] = [];
    for (let after = ''; ;) {
      const page = await shoot(srv.url, `/v1/matters?limit=100${after ? `&starting_after=${after}` : ''}`, {
        key: srv.adminKey,
      });
      assert.equal(page.status, 200);
      matters.push(...page.body.data.map((m: { matter_id: string }) => m.matter_id));
      if (!page.body.has_more) break;
      after = matters.at(-1)!;
    }
    const verified = await pool(
      matters,
      8,
      async (m) => (await shoot(srv.url, `/v1/audit/matters/${m}/verify`, { key: srv.adminKey })).body,
    );
    const broken = verified
      .map((v, i) => (v?.valid === true ? null : `${matters[i]}: ${JSON.stringify(v)}`))
      .filter(Boolean);

    // Every committed outbox event since the endpoint exists reaches the receiver.
    const committed = (
      await srv.sql<{ id: string }>(
        `SELECT e.id FROM events e JOIN webhook_endpoints w ON w.id = $1
     WHERE e.org_id = w.org_id AND e.env = w.env AND e.created_at >= w.created_at`,
        [endpoint.body.webhook_endpoint_id],
      )
    ).map((r) => r.id);
    const delivered = () => new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    await receiver
      .waitFor(() => committed.every((id) => delivered().has(id)), 90_000, 'every committed event')
      .catch(() => {});
    const undelivered = committed.filter((id) => !delivered().has(id));
    const receipts = receiver.received.length;

    report('crash', {
      requests: WRITES,
      kinds: kinds.length,
      acknowledged: writes.filter((w) => isOk(w.first)).length,
      in_flight_at_kill: inFlight,
      found_after_restart: found,
      lost,
      duplicates,
      replayed_unacknowledged: replayedAfter,
      retries: writes.length,
      '5xx': final5xx,
      matters_verified: matters.length - broken.length,
      chains_broken: broken.length,
      events_committed: committed.length,
      events_delivered: committed.length - undelivered.length,
      receipts,
    });
    const shown = describeState(beforeKill!);
    report('crash-jobs', {
      started: 2,
      export_at_start: describeState(started).export,
      in_flight_at_kill: atKill.unfinished,
      finished_once: finished.finishedOnce,
      duplicates: finished.duplicates,
      export_before_kill: shown.export,
      scan_before_kill: shown.scan,
      ...finished.figures,
      setup_ms: setupMs,
    });
    assert.deepEqual(lostWhy, [], 'acknowledged writes lost');
    assert.deepEqual(
      extra,
      [],
      'executions no final answer points at (duplicates, or unacknowledged writes not returned by their retry)',
    );
    assert.equal(final5xx, 0, '5xx answers');
    assert.deepEqual(broken, [], 'audit chains that do not verify');
    assert.deepEqual(undelivered, [], 'committed events never delivered');
    assert.ok(inFlight > 0, 'the kill happened while writes were in flight');
    const { export: ex, scan } = atKill;
    assert.ok(
      ex.status === 'pending' && ex.claimed && ex.attempts === 1 && scan.behind && scan.alerts === 0,
      `the export was being rendered and the scan had committed nothing when the kill landed: ${JSON.stringify(atKill)}`,
    );
    assert.deepEqual(finished.problems, [], 'in-flight jobs that did not finish exactly once');
  },
);
