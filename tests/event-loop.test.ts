/**
 * Event-loop delay in /metrics (src/server/http/event-loop.ts), which `npm run bench` reads
 * around each load, and the bench's denominator, the separate bare Next.js app (bench/bare).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { startServer, type TestServer } from './helpers/server';
import { client } from './helpers/client';
import { readEventLoopDelay } from '../src/server/http/event-loop';
import { startBareApp, type BareApp } from '../bench/bare-app';
import { loopGauges, readLoopDelay } from '../bench/loop-delay.mjs';
import { hasSchedstat as linux, threadCpuNow as cpuMs } from './helpers/thread-cpu';
import { PROBE_BOUND_MS as bound, whileProbing } from './helpers/loop-probe';

const GAUGES = ['max', 'own', 'cpu', 'p99', 'p50', 'mean', 'window'];
const gauges = (text: string) => loopGauges(text, GAUGES);
const block = (ms: number) => {
  const t = performance.now();
  while (performance.now() - t < ms);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the event-loop monitor', () => {
  test('a 150 ms block reads as a worst delay of about 150 ms, and each read starts a new window', async () => {
    readEventLoopDelay();
    await sleep(100);
    // 150 ms of this thread's CPU where Linux tells it (a loaded machine may stretch the wall
    // time, which `own` leaves out), else of wall time.
    if (linux) {
      const c = cpuMs();
      while (cpuMs() - c < 150);
    } else block(150);
    await sleep(50);
    const d = readEventLoopDelay();
    assert.ok(d.max >= 0.13 && d.max < 3, `max ${d.max} s`);
    // The block is the process's own work: it counts, less only any wait for a CPU.
    assert.ok(d.own >= 0.13 && d.own <= d.max, `own ${d.own} s, max ${d.max} s`);
    // And it was all computing.
    assert.ok(d.cpu >= 0.13 && d.cpu <= d.own, `cpu ${d.cpu} s, own ${d.own} s`);
    assert.ok(d.p50 < d.max, 'one block is not the median');
    assert.ok(d.window >= 0.29, `window ${d.window} s`);
    await sleep(100);
    const next = readEventLoopDelay();
    assert.ok(next.own < 0.13, `the block belongs to the previous window (own ${next.own} s)`);
    assert.ok(next.window < 0.29, `window ${next.window} s`);
  });

  test('a thread asleep holds the loop as its own delay, but not as computing', async () => {
    readEventLoopDelay();
    await sleep(100);
    // Off the CPU and off the run queue, as in a blocking system call or a wait on a lock.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
    await sleep(50);
    const d = readEventLoopDelay();
    assert.ok(d.own >= 0.13 && d.own <= d.max, `own ${d.own} s, max ${d.max} s`);
    if (linux) assert.ok(d.cpu < 0.05, `cpu ${d.cpu} s while the thread slept 150 ms`);
    else assert.equal(d.cpu, d.own);
  });

  test(
    "the time the thread waited for a CPU is not counted as the loop's own delay",
    { skip: linux ? false : 'no Linux schedstat here' },
    async () => {
      // This thread and a busy process share one CPU, so a block of 100 ms of CPU work lasts
      // about 200 ms: the loop is late by ~200 ms, of which ~100 ms are this process's doing.
      const affinity = execFileSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' })
        .split(': ')[1]
        .trim();
      execFileSync('taskset', ['-cp', '0', String(process.pid)]);
      const hog = spawn('taskset', ['-c', '0', process.execPath, '-e', 'for(;;);'], { stdio: 'ignore' });
      try {
        await sleep(300);
        readEventLoopDelay();
        await sleep(30);
        const t = performance.now();
        const c = cpuMs();
        while (cpuMs() - c < 100);
        const wall = performance.now() - t;
        await sleep(30);
        const d = readEventLoopDelay();
        assert.ok(wall > 150, `100 ms of CPU took ${wall.toFixed(0)} ms beside the busy process`);
        assert.ok(d.max * 1000 > wall - 20, `max ${d.max} s, block ${wall.toFixed(0)} ms`);
        // About 100 ms on a quiet machine; time the hypervisor takes from the whole machine stays
        // in `own`, so under other load it only has to be well under the raw delay.
        assert.ok(d.own >= 0.08 && d.own <= d.max * 0.75, `own ${d.own} s for 100 ms of work (max ${d.max} s)`);
        assert.ok(d.cpu >= 0.08 && d.cpu <= d.own, `cpu ${d.cpu} s for 100 ms of work (own ${d.own} s)`);
      } finally {
        hog.kill('SIGKILL');
        execFileSync('taskset', ['-cp', affinity, String(process.pid)]);
      }
    },
  );
});

describe('the service', () => {
  let srv: TestServer;
  before(async () => (srv = await startServer()));
  after(async () => srv?.stop());

  test('/metrics gives the event-loop delay since the previous scrape as gauges', async () => {
    const first = gauges(await (await fetch(`${srv.url}/metrics`)).text());
    for (const g of GAUGES) assert.ok(Number.isFinite(first[g]) && first[g] >= 0, `${g}: ${first[g]}`);
    assert.ok(first.max >= first.p99 && first.p99 >= first.p50, JSON.stringify(first));
    await sleep(200);
    const second = gauges(await (await fetch(`${srv.url}/metrics`)).text());
    assert.ok(second.window >= 0.2 && second.window < first.window + 5, `window ${second.window} s`);
    // The bench's reader takes the same lines (ms).
    const ms = await readLoopDelay(`${srv.url}/metrics`);
    assert.ok(ms && ms.max >= ms.p99 && ms.p99 >= 0, JSON.stringify(ms));
  });

  // The probing tests' rule (helpers/loop-probe.ts): a stall is the server's computing holding
  // the loop PROBE_BOUND_MS, longer on PGlite, whose queries run on the server's own thread.
  // Not the probes' wall time, which also counts the machine's load: on a slower machine in CI
  // (2026-12-06) their median reached 320 ms beside the other suites, and beside a whole CI run
  // single probes took 2.6 s while the loop's longest hold of computing was 184 ms. Every probe
  // must be answered; their times are printed.
  test(`under 16 concurrent reads (the bench's load), no read holds the loop ${bound} ms and /healthz answers`, async () => {
    const c = client(srv.url, srv.adminKey);
    const m = await c.post('/v1/matters', { name: 'Loop matter', mode: 'enforcement' });
    assert.equal(m.status, 201);
    // Warm: a route's first request loads its bundle, once per process, which is not the load's.
    assert.equal((await c.get(`/v1/matters/${m.body.matter_id}`)).status, 200);
    const run = await whileProbing(
      srv,
      async () => {
        let stop = false;
        let reads = 0;
        const load = Array.from({ length: 16 }, async () => {
          while (!stop) {
            const r = await c.get(`/v1/matters/${m.body.matter_id}`);
            assert.equal(r.status, 200);
            reads++;
          }
        });
        await sleep(1000);
        stop = true;
        await Promise.all(load);
        return reads;
      },
      { gapMs: 50, minProbes: 10 },
    );
    const summary = `${run.result} reads; ${run.summary}`;
    console.log(summary);
    assert.ok(run.result > 16, `${run.result} reads`);
    assert.deepEqual(run.stalls, [], summary);
    assert.ok(run.loop && Number.isFinite(run.loop.max) && run.loop.max >= run.loop.p99, JSON.stringify(run.loop));
  });
});

// It has no database, and building it took 44 s of a CI run: it runs in the PGlite pass only.
describe(
  'bench/bare: the benchmark denominator',
  { skip: process.env.DATABASE_URL ? 'no database in it' : false },
  () => {
    let bare: BareApp;
    before(async () => (bare = await startBareApp()));
    after(async () => bare?.stop());

    test('answers GET /healthz as the service does, and reports its event-loop delay', async () => {
      const r = await fetch(`${bare.url}/healthz`);
      assert.equal(r.status, 200);
      assert.deepEqual(await r.json(), { status: 'ok' });
      const d = gauges(await (await fetch(`${bare.url}/metrics`)).text());
      for (const g of GAUGES) assert.ok(Number.isFinite(d[g]) && d[g] >= 0, `${g}: ${d[g]}`);
    });

    test('carries none of the service: no proxy, no API, no console', async () => {
      // The service's proxy sends a console page without a session to /signin; the bare app has none.
      const page = await fetch(`${bare.url}/matters`, { redirect: 'manual' });
      assert.equal(page.status, 404);
      const v1 = await fetch(`${bare.url}/v1/health`);
      assert.equal(v1.status, 404);
    });
  },
);
