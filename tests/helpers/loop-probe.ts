/**
 * Probes `GET /healthz` (no database, no auth) back to back while a heavy request runs, to
 * show that the request does not hold the server's event loop.
 *
 * A probe's wall time alone cannot tell a blocked loop from a loaded machine: with two cores
 * shared by the test runner, PostgreSQL and other suites, a healthy server can wait hundreds of
 * milliseconds for a CPU. Nor can the main thread's CPU during a probe: work that yields every
 * few milliseconds still runs ahead of a probe's several turns of the loop, and on a machine
 * half as fast (2026-11-28 evening) a map that never held the loop 200 ms in one piece showed
 * probes with 340 ms of CPU. So a *stall* is what the server itself measures: the most CPU its
 * thread used inside one hold of the loop during the run (`md_event_loop_delay_cpu_seconds` of
 * /metrics: within the worst delays of a 10 ms timer, the thread's own run time,
 * src/server/http/event-loop.ts) at or over the bound. What grows with a request's input and
 * holds the loop is computation. A hold in which the thread mostly slept is not: in CI on
 * 2026-12-06 one held the loop 414 ms while the thread ran at most 100 ms (its probe's reading),
 * on a report that holds it 36-44 ms when run alone. Where it slept is not known (blocked in the
 * kernel, or waiting on the garbage collector's helper threads while they queue for a CPU, are
 * the candidates). The summary gives both figures.
 * Where the server does not expose them, a stall is a probe that waited the bound while the
 * main thread was busy that long. The probes stay as the witness that a second request was
 * answered meanwhile. (Before the Security II fixes, a probe waited 21 s on 21 s of main-thread
 * CPU.)
 */
import { readFileSync } from 'node:fs';
import { readLoopDelay } from '../../bench/loop-delay.mjs';
import type { LoopDelay } from '../../bench/harness';

/**
 * The longest the server's own work may hold the loop in one piece: 100 ms of work with margin
 * for CI, on PostgreSQL, the production database (in the evening run of 2026-11-28 on a machine
 * half as fast, the asset maps and the 1,000-claim graph held it 14-70 ms there).
 * On PGlite the database runs on the server's thread, and one of its statements cannot yield:
 * the same runs held the loop 90-350 ms there. A second bound keeps PGlite to "never a stall of
 * the kind these probes were written for" (21 s) without claiming the production bound for it.
 */
export const PROBE_BOUND_MS = process.env.DATABASE_URL ? 300 : 1000;

export interface Probe {
  /** Wall time of the probe, ms. */
  ms: number;
  /** CPU time the server's main thread used meanwhile, ms (10 ms ticks); null without /proc. */
  cpu: number | null;
}

/** CPU time (ms) the process's main thread has used: on Linux its thread id is the process id. */
export function mainThreadCpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const f = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the `pid (comm)` prefix.
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** What held the loop at least `bound` (see the file comment); empty when nothing did. */
function stallsOf(loop: LoopDelay | null, probes: Probe[], bound = PROBE_BOUND_MS) {
  if (loop) return loop.cpu >= bound ? [{ loop_cpu_ms: loop.cpu, loop_own_ms: loop.own }] : [];
  return probes.filter((p) => p.ms >= bound && (p.cpu === null || p.cpu >= bound));
}

const probeSummary = (ms: number, probes: Probe[], loop: LoopDelay | null) =>
  `request ${ms.toFixed(0)} ms; ` +
  (loop
    ? `the server's computing held the loop at most ${loop.cpu.toFixed(0)} ms ` +
      `(its own work, time blocked included, ${loop.own.toFixed(0)} ms; raw worst delay ${loop.max.toFixed(0)} ms); `
    : '') +
  `${probes.length} /healthz probes (ms, main-thread CPU ms): ` +
  probes.map((p) => `${p.ms.toFixed(0)}/${p.cpu ?? '?'}`).join(', ');

/**
 * Runs `work` while probing `/healthz` one request after another (`gapMs` apart); at least
 * `minProbes` probes are made even when the work ends first. Every probe must be answered 200.
 * `cpu` is the server's main-thread CPU over the whole run (ms; null without /proc).
 */
export async function whileProbing<T>(
  srv: { url: string; pid(): number | null },
  work: () => Promise<T>,
  { gapMs = 10, minProbes = 1 }: { gapMs?: number; minProbes?: number } = {},
) {
  const cpu0 = mainThreadCpuMs(srv.pid());
  // Warm: the first request to a route loads its module, which is not what is measured.
  await (await fetch(`${srv.url}/healthz`)).text();
  const metrics = `${srv.url}/metrics`;
  await readLoopDelay(metrics).catch(() => null); // starts the run's window
  let done = false;
  const probes: Probe[] = [];
  const probing = (async () => {
    while (!done || probes.length < minProbes) {
      const cpu0 = mainThreadCpuMs(srv.pid());
      const t = performance.now();
      const r = await fetch(`${srv.url}/healthz`);
      await r.text();
      const ms = performance.now() - t;
      if (r.status !== 200) throw new Error(`/healthz answered ${r.status} during the run`);
      const cpu1 = mainThreadCpuMs(srv.pid());
      probes.push({ ms, cpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 });
      await new Promise((res) => setTimeout(res, gapMs));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - t0;
    done = true;
    await probing;
    const loop = await readLoopDelay(metrics).catch(() => null);
    const cpu1 = mainThreadCpuMs(srv.pid());
    return {
      result,
      ms,
      probes,
      loop,
      cpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
      stalls: stallsOf(loop, probes),
      maxProbeMs: Math.max(0, ...probes.map((p) => p.ms)),
      summary: probeSummary(ms, probes, loop),
    };
  } finally {
    done = true;
    await probing;
  }
}
