/**
 * Probes `GET /healthz` (no database, no auth) back to back while a heavy request runs, to
 * show that the request does not hold the server's event loop.
 *
 * A probe's wall time alone cannot tell a blocked loop from a loaded machine: with two cores
 * shared by the test runner, PostgreSQL and other suites, a healthy server can wait hundreds of
 * milliseconds for a CPU. So each probe also records how much CPU the server's main thread used
 * while the probe waited. A *stall* is a probe that waited at least the bound while the main
 * thread was busy at least that long: the loop was running something else, not waiting for a
 * core. (Before the Security II fixes, a probe waited 21 s on 21 s of main-thread CPU.)
 */
import { readFileSync } from 'node:fs';

/** The longest a concurrent caller may wait on the loop (100 ms of work, with margin for CI). */
export const PROBE_BOUND_MS = 300;

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

/** Probes that waited on a busy loop (see the file comment). */
export const stallsOf = (probes: Probe[], bound = PROBE_BOUND_MS) =>
  probes.filter((p) => p.ms >= bound && (p.cpu === null || p.cpu >= bound));

export const probeSummary = (ms: number, probes: Probe[]) =>
  `request ${ms.toFixed(0)} ms; ${probes.length} /healthz probes (ms, main-thread CPU ms): ` +
  probes.map((p) => `${p.ms.toFixed(0)}/${p.cpu ?? '?'}`).join(', ');

/**
 * Runs `work` while probing `/healthz` one request after another (`gapMs` apart); at least
 * `minProbes` probes are made even when the work ends first.
 */
export async function whileProbing<T>(
  srv: { url: string; pid(): number | null },
  work: () => Promise<T>,
  { gapMs = 10, minProbes = 1 }: { gapMs?: number; minProbes?: number } = {},
) {
  // Warm: the first request to a route loads its module, which is not what is measured.
  await (await fetch(`${srv.url}/healthz`)).text();
  let done = false;
  const probes: Probe[] = [];
  const probing = (async () => {
    while (!done || probes.length < minProbes) {
      const cpu0 = mainThreadCpuMs(srv.pid());
      const t = performance.now();
      await (await fetch(`${srv.url}/healthz`)).text();
      const ms = performance.now() - t;
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
    return {
      result,
      ms,
      probes,
      stalls: stallsOf(probes),
      maxProbeMs: Math.max(0, ...probes.map((p) => p.ms)),
      summary: probeSummary(ms, probes),
    };
  } finally {
    done = true;
    await probing;
  }
}
