/**
 * A report over a matter with thousands of actions, packets and claimants reads and shows a
 * bounded part of them: each section counts every row (in SQL), lists at most REPORT_LIST_LIMIT
 * of them and says in a note when it shows fewer than the matter holds. Before, a brief read every
 * action, packet and claimant of the matter into the server and printed every packet and every
 * completion note, so its cost and size grew with the matter (over 20,000 actions, 5,000 packets
 * and 5,000 claimants on PGlite: 2.0-2.9 s holding the event loop, a 2.8 MB body). Rows are seeded in SQL
 * (bench/matter-rows-seed.ts); the brief and the update go through the API while /healthz is
 * probed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sqlRecorder, startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { whileProbing } from './helpers/loop-probe';
import { seedMatterRows } from '../bench/matter-rows-seed';
import { REPORT_LIST_LIMIT } from '../src/server/domain/reports/limits';

// PGlite (the embedded database, seeded through restarts) gets a tenth of PostgreSQL's rows:
// enough to pass every list's limit, and CI's time goes where the server is the production one.
const SCALE = process.env.DATABASE_URL ? 1 : 0.1;
const ACTIONS = 20_000 * SCALE; // one in ten open, the others completed with a note
const OPEN = ACTIONS / 10;
const PACKETS = 5_000 * SCALE;
const CLAIMANTS = 5_000 * SCALE;
const t = (x: number) => x.toLocaleString('en-US');
/**
 * Row g of a seeded table of the matter (bench/matter-rows-seed.ts; the first matter unless
 * named): read off without a query (each restarts PGlite).
 */
const seededId = (prefix: string, matter?: string) => (g: number) =>
  `${prefix}_${createHash('md5')
    .update(matter ?? matterId)
    .digest('hex')
    .slice(0, 8)}${g.toString(16).padStart(16, '0')}`;

let srv: TestServer;
let c: Client;
let kit: Kit;
let matterId: string;
let claimantId: string;

const JUDGMENTS = 500;
const REVIEWS = 200;
/** The second matter: many judgments and sanctions reviews. */
let other: string;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
  matterId = await kit.matter();
  other = await kit.matter();
  // Recorded and run as one batch: on PGlite each srv.sql stops and restarts the server.
  const { sql, statements } = sqlRecorder();
  await seedMatterRows(sql, 'actions', matterId, ACTIONS, `CASE WHEN g % 10 = 0 THEN 'open' ELSE 'completed' END`);
  await seedMatterRows(sql, 'packets', matterId, PACKETS, `'draft'`);
  await seedMatterRows(sql, 'claimants', matterId, CLAIMANTS);
  // Completed a minute apart, the newest last: the report shows the newest notes.
  await sql(
    `UPDATE actions SET completion_notes = 'Done: ' || title,
       completed_at = now() - interval '1 minute' * (${ACTIONS} - ('x' || right(id, 8))::bit(32)::int)
     WHERE matter_id = $1 AND status = 'completed'`,
    [matterId],
  );
  await seedMatterRows(sql, 'judgments', other, JUDGMENTS);
  await seedMatterRows(sql, 'sanctions_reviews', other, REVIEWS, `CASE WHEN g = 1 THEN 'in_review' ELSE 'cleared' END`);
  // An open deadline on the first judgment (listed) and on the 60th (past the list).
  await sql(
    `INSERT INTO judgment_deadlines (id, org_id, env, matter_id, judgment_id, kind, type, date, title, description, source, review_required, updated_at)
     SELECT 'dl_bench' || g, j.org_id, j.env, j.matter_id, j.id, 'statutory', 'renewal', CURRENT_DATE + 30, 'Renewal of ' || j.case_number, 'Bench', 'Bench', false, now()
     FROM judgments j, (VALUES (1), (60)) AS v(g) WHERE j.matter_id = $1 AND j.case_number = 'BENCH-' || g`,
    [other],
  );
  await srv.sqlBatch(statements);
  claimantId = seededId('cla')(1);
});
after(async () => srv?.stop());

/** Creates a report while /healthz is probed: 201, and no probe stalled on the event loop. */
async function probedReport(path: 'campaign-brief' | 'claimant-update', body: Record<string, unknown>) {
  const made = await whileProbing(srv, () => c.post(`/v1/reports/${path}`, body), { gapMs: 25 });
  expectStatus(made.result, 201, path);
  console.log(`${path}: ${made.summary}; body ${JSON.stringify(made.result.body).length} characters`);
  assert.deepEqual(made.stalls, [], made.summary);
  return made;
}
type Section = { key: string; body: string; data: Record<string, any> };
const byKey = (body: { sections: Section[] }) => Object.fromEntries(body.sections.map((s) => [s.key, s]));

describe(`a report over ${ACTIONS} actions, ${PACKETS} packets and ${CLAIMANTS} claimants`, () => {
  test('the brief counts every row, lists a bounded part, says so, and keeps the loop free', async () => {
    const made = await probedReport('campaign-brief', {
      matter_id: matterId,
      audience: 'internal',
      include_sections: ['summary', 'actions', 'packets'],
    });
    const s = byKey(made.result.body);

    const actions = s.actions.data;
    assert.equal(actions.open, OPEN);
    assert.equal(actions.completed, ACTIONS - OPEN);
    assert.equal(actions.items.length, REPORT_LIST_LIMIT);
    assert.ok(actions.items.every((a: { status: string }) => a.status === 'open'));
    // Due soonest first, undated last, as before.
    const due = actions.items.map((a: { due_at: string | null }) => a.due_at ?? '9999');
    assert.deepEqual(due, [...due].sort());
    assert.equal(actions.completion_notes.length, REPORT_LIST_LIMIT);
    const noted = actions.completion_notes.map((n: { action_id: string }) => n.action_id);
    const completed = Array.from({ length: ACTIONS }, (_, i) => ACTIONS - i).filter((g) => g % 10 !== 0);
    assert.deepEqual(noted, completed.slice(0, REPORT_LIST_LIMIT).map(seededId('act')), 'the newest completion notes');
    assert.match(actions.note, new RegExp(`The ${REPORT_LIST_LIMIT} of the ${t(OPEN)} open actions due soonest`));
    assert.match(actions.note, new RegExp(`${REPORT_LIST_LIMIT} newest of the ${t(ACTIONS - OPEN)} completion notes`));
    assert.ok(s.actions.body.startsWith(`${t(OPEN)} open actions, ${t(ACTIONS - OPEN)} completed actions.`));
    assert.ok(s.actions.body.includes(actions.note));

    const packets = s.packets.data;
    assert.equal(packets.total, PACKETS);
    assert.deepEqual(packets.by_status, { draft: PACKETS });
    assert.equal(packets.items.length, REPORT_LIST_LIMIT);
    const ids = packets.items.map((p: { packet_id: string }) => p.packet_id);
    assert.deepEqual(ids, [...ids].sort(), 'oldest of those shown first');
    const newestPackets = Array.from({ length: REPORT_LIST_LIMIT }, (_, i) => PACKETS - i).map(seededId('pac'));
    assert.deepEqual([...ids].reverse(), newestPackets, 'the newest packets');
    assert.equal(packets.note, `The ${REPORT_LIST_LIMIT} newest of the ${t(PACKETS)} packets are shown.`);
    assert.ok(s.packets.body.startsWith(`${t(PACKETS)} packets: `));

    const summary = s.summary.data;
    assert.equal(summary.claimant_count, CLAIMANTS);
    assert.equal(summary.claimants.length, REPORT_LIST_LIMIT);
    assert.equal(summary.claimants_note, `The first ${REPORT_LIST_LIMIT} of the ${t(CLAIMANTS)} claimants are listed.`);
    assert.ok(s.summary.body.includes(`${t(CLAIMANTS)} claimants`));
  });

  test("a claimant's update counts the open steps without reading every action", async () => {
    const made = await probedReport('claimant-update', { matter_id: matterId, claimant_id: claimantId });
    const s = byKey(made.result.body);
    assert.equal(s.next_steps.data.open_actions, OPEN);
    assert.ok(s.next_steps.body.startsWith(`${t(OPEN)} steps in progress.`));
  });
});

describe('a report over a matter with many judgments and sanctions reviews', () => {
  const otherId = (prefix: string) => seededId(prefix, other);

  test('judgments, plans and reviews are listed up to the limit and counted in full', async () => {
    const made = await probedReport('campaign-brief', {
      matter_id: other,
      audience: 'internal',
      include_sections: ['judgments', 'plan', 'sanctions'],
    });
    const s = byKey(made.result.body);

    const js = s.judgments.data;
    assert.deepEqual(
      js.judgments.map((j: { judgment_id: string }) => j.judgment_id),
      Array.from({ length: REPORT_LIST_LIMIT }, (_, i) => otherId('jdg')(i + 1)),
    );
    assert.equal(js.note, `The first ${REPORT_LIST_LIMIT} of the ${t(JUDGMENTS)} judgments are listed.`);
    assert.ok(s.judgments.body.endsWith(js.note));
    assert.equal(js.judgments[0].next_deadline.title, 'Renewal of BENCH-1');
    assert.ok(js.judgments.slice(1).every((j: { next_deadline: unknown }) => j.next_deadline === null));
    assert.equal(s.plan.data.note, `Plans are shown for the ${REPORT_LIST_LIMIT} judgments listed.`);

    const sanctions = s.sanctions.data;
    const newest = Array.from({ length: REPORT_LIST_LIMIT }, (_, i) => REVIEWS - i).map(otherId('rev'));
    assert.deepEqual(
      sanctions.reviews.map((r: { review_id: string }) => r.review_id),
      newest.reverse(),
      'the newest reviews, oldest of them first',
    );
    assert.equal(sanctions.note, `The ${REPORT_LIST_LIMIT} newest of the ${t(REVIEWS)} sanctions reviews are shown.`);
    assert.ok(s.sanctions.body.includes(sanctions.note));
    // The one review still open is the oldest, not listed: the report still says it needs review.
    assert.match(made.result.body.review_state.review_notes, /A sanctions review on this matter is still open/);
  });

  test("a claimant update counts every judgment and gives the listed ones' deadlines", async () => {
    const { claimant_id } = await kit.claimant(other);
    const made = await probedReport('claimant-update', { matter_id: other, claimant_id });
    const s = byKey(made.result.body);
    assert.equal(s.summary.data.judgment_count, JUDGMENTS);
    assert.equal(s.judgments.data.judgments.length, REPORT_LIST_LIMIT);
    assert.equal(s.judgments.data.note, `The first ${REPORT_LIST_LIMIT} of the ${t(JUDGMENTS)} judgments are listed.`);
    assert.deepEqual(
      s.next_steps.data.upcoming_deadlines.map((d: { case_number: string }) => d.case_number),
      ['BENCH-1'],
    );
  });
});
