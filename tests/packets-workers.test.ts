/**
 * Exports in separate `npm run worker` processes on PostgreSQL: a worker killed with SIGKILL
 * in the middle of rendering an export leaves a lease that expires; another worker renders it
 * again, and the export ends `ready` exactly once (one completion, one audit event, one
 * `packet.exported` event). The server renders nothing itself (MD_EXPORT_WORKER=off).
 *
 * PGlite: skipped, because a PGlite folder can only be opened by one process (the server).
 *
 * On both databases: a process whose own lease lapses while it renders (a heartbeat held up on
 * a busy machine) does not claim that export again; it once did, and rendered it twice.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit } from './helpers/fixtures';
import { largePacket } from './helpers/fixtures-packets';
import { downloadExport, exportCompletions, waitForExport } from './helpers/exports';
import { exited, POSTGRES_ONLY, workerPool, type WorkerPool } from './helpers/workers';

let srv: TestServer;
let c: Client;
let workers: WorkerPool;

describe('export workers on PostgreSQL', { skip: POSTGRES_ONLY }, () => {
  before(async () => {
    srv = await startServer({ MD_EXPORT_WORKER: 'off', MD_WEBHOOK_DISPATCHER: 'off' });
    c = client(srv.url, srv.adminKey);
    workers = workerPool(srv, { MD_WORKER_POLL_MS: '50', MD_LOG_LEVEL: 'warn', MD_EXPORT_LEASE_MS: '3000' });
  });
  after(async () => {
    await workers?.killAll();
    await srv?.stop();
  });

  test(
    'a worker killed with kill -9 mid-export: the export still ends ready, exactly once',
    { timeout: 180_000 },
    async () => {
      const k = await makeKit(c);
      // A long wallet table, so rendering takes long enough to be interrupted.
      const { packetId } = await largePacket(k);
      const a = await workers.start('A');
      const e = await c.post(`/v1/packets/${packetId}/export`, { format: 'zip' });
      expectStatus(e, 200);
      const id = e.body.export_id;
      const row = async () =>
        (
          await srv.sql<{ status: string; locked_by: string | null; attempts: number }>(
            'SELECT status, locked_by, attempts FROM exports WHERE id = $1',
            [id],
          )
        )[0];
      const deadline = Date.now() + 30_000;
      while (!(await row()).locked_by) {
        if (Date.now() > deadline) throw new Error(`worker A never claimed the export:\n${a.log()}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      a.kill('SIGKILL');
      assert.equal(await exited(a), null, 'killed by a signal');
      const mid = await row();
      assert.equal(mid.status, 'pending', 'killed before it completed');
      assert.equal(mid.attempts, 1);
      const b = await workers.start('B');
      const ready = await waitForExport(c, id, 60_000, b.log);
      assert.equal(ready.status, 'ready');
      assert.equal((await row()).attempts, 2, 'rendered again after the lease expired');
      await downloadExport(ready);
      await new Promise((r) => setTimeout(r, 1_000)); // room for a second completion to show up
      const done = await exportCompletions(srv, id);
      assert.equal(done.audits, 1, 'one completion audit event');
      assert.equal(done.events, 1, 'one packet.exported event');
      b.kill('SIGTERM');
      assert.equal(await exited(b), 0, b.log());
    },
  );
});

describe('a lease that lapses while its own process renders', () => {
  let own: TestServer;
  before(async () => {
    // The heartbeat renews every 250 ms at the least, so a 100 ms lease lapses for 150 ms of
    // every beat, and the loop looks for due work every 50 ms meanwhile.
    own = await startServer({ MD_EXPORT_LEASE_MS: '100', MD_WORKER_POLL_MS: '50', MD_WEBHOOK_DISPATCHER: 'off' });
  });
  after(async () => {
    await own?.stop();
  });

  test('the rendering process does not claim its export again: one attempt, one completion', async () => {
    const oc = client(own.url, own.adminKey);
    const { packetId } = await largePacket(await makeKit(oc));
    const e = await oc.post(`/v1/packets/${packetId}/export`, { format: 'zip' });
    expectStatus(e, 200);
    const ready = await waitForExport(oc, e.body.export_id, 60_000);
    assert.equal(ready.status, 'ready');
    assert.deepEqual(await exportCompletions(own, ready.export_id), { audits: 1, events: 1, attempts: 1 });
  });
});
