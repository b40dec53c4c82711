/**
 * CPU time of the calling thread, for the domain tests that guard against work growing faster
 * than its input. Wall time cannot be that guard on a loaded two-core machine: beside the other
 * suites and Playwright, the gap between two timer turns during a sliced screen reached 264 ms
 * (CI, 2026-12-06; 20-69 ms run alone). The whole process's CPU cannot either: it counts V8's
 * garbage-collection helper threads too.
 */
import { schedClock } from '../../src/server/http/event-loop';

const clock = schedClock();
/** Whether this machine tells a thread's own CPU time (Linux schedstat). */
export const hasSchedstat = clock !== null;

/** Milliseconds the calling thread has run (Linux schedstat); elsewhere the process's CPU. */
export function threadCpuNow(): number {
  if (clock) return clock().run / 1e6;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU milliseconds `f` took on this thread. */
export function cpuMs(f: () => void): number {
  const t0 = threadCpuNow();
  f();
  return threadCpuNow() - t0;
}
