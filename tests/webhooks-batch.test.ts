/**
 * The dispatcher's success batching (successRecorder in src/server/jobs/webhook-delivery.ts):
 * successes are written together, but never held once every attempt in flight is waiting on
 * the batch. The database is a stand-in that records each statement (the batching is what is
 * under test; the statement itself runs against PostgreSQL and PGlite in the webhook suites).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PrismaClient } from '../src/generated/prisma/client';
import { successRecorder, type Claimed } from '../src/server/jobs/webhook-delivery';

function recordingDb() {
  const writes: { ids: string[]; at: number }[] = [];
  const db = {
    // recordSuccesses' statement (through Prisma, as off PostgreSQL's pool): the ids come first.
    $queryRawUnsafe: async (_sql: string, ids: string[]) => {
      writes.push({ ids, at: performance.now() });
      return [];
    },
  } as unknown as PrismaClient;
  return { db, writes };
}
const attempt = (id: string) => ({ id }) as Claimed;
const ok = { status: 200, durationMs: 1, error: null };

describe('webhook success batching', () => {
  test('the last attempt in flight to succeed writes the batch at once, with every waiting success', async () => {
    const { db, writes } = recordingDb();
    const inflight = 3;
    const record = successRecorder(db, 'w1', () => inflight);
    const first = [record(attempt('whd_a'), ok), record(attempt('whd_b'), ok)];
    assert.equal(writes.length, 0, 'two of three in flight: the batch waits for the third');
    const third = record(attempt('whd_c'), ok);
    assert.equal(writes.length, 1, 'the third completes it: written without waiting');
    await Promise.all([...first, third]);
    // Written synchronously by the third call (asserted above), so no timer was involved; a
    // wall-clock bound here would only measure the machine's load.
    assert.deepEqual(writes[0].ids, ['whd_a', 'whd_b', 'whd_c']);
  });

  test('a lone attempt in flight is written at once', async () => {
    const { db, writes } = recordingDb();
    const record = successRecorder(db, 'w1', () => 1);
    const p = record(attempt('whd_one'), ok);
    assert.equal(writes.length, 1);
    await p;
  });

  test('while other attempts are still sending, successes wait up to 5 ms to share a statement', async () => {
    const { db, writes } = recordingDb();
    const record = successRecorder(db, 'w1', () => 4);
    const t0 = performance.now();
    const ps = [record(attempt('whd_x'), ok), record(attempt('whd_y'), ok)];
    assert.equal(writes.length, 0);
    await Promise.all(ps);
    assert.equal(writes.length, 1);
    assert.deepEqual(writes[0].ids, ['whd_x', 'whd_y']);
    assert.ok(writes[0].at - t0 >= 4, `waited for the window (${(writes[0].at - t0).toFixed(1)} ms)`);
  });
});
