import { openSync, readSync } from 'node:fs';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/**
 * Event-loop delay of this process, for /metrics: how late a 10 ms timer fires, i.e. how long
 * the loop was held while other requests waited. The resolution is subtracted, so an idle loop
 * reads ~0.
 *
 * A late timer has two causes, and only one is this process's doing: its own work (JavaScript,
 * garbage collection, synchronous I/O) or the kernel giving the CPU to another process while
 * the thread was ready to run. On a loaded two-core machine the second reaches 90–180 ms even
 * for the bench's bare one-route app, which does no work at all. So on Linux each tick also
 * reads how long the thread waited for a CPU (/proc/thread-self/schedstat, run_delay), and
 * `own` is the worst delay less that wait: the delay the loop would have had with a CPU always
 * free. Elsewhere `own` equals `max` (no split, nothing hidden).
 *
 * `own` still holds time the thread spent neither running nor queued for a CPU: blocked in a
 * system call, a page fault, or waiting on V8's garbage-collection helper threads, which may
 * themselves be queued for a CPU. On a loaded machine that reached 414 ms with 100 ms of the
 * thread's CPU (CI, 2026-12-06). So `cpu` is also kept: the most CPU time the thread used inside
 * one late interval (schedstat's run time, at most that interval's delay), the part of a hold
 * that was this process computing. Elsewhere `cpu` equals `own`.
 *
 * The figures cover the window since the previous scrape (reset after each read, as
 * prom-client's nodejs_eventloop_lag_* gauges are): a scraper sees the worst block of each
 * interval instead of one that happened hours ago, and `npm run bench` reads it around each
 * measured load. One scraper per process is the assumption; a second one splits the windows.
 */
const RESOLUTION_MS = 10;
/** One monitor per process: instrumentation and route handlers are separate bundles. */
const KEY = Symbol.for('md.eventLoopDelay');
type Monitor = { histogram: RecordableHistogram; since: number; ownMax: number; cpuMax: number };
/** Nanoseconds the calling thread has run on a CPU and waited on a run queue. */
type SchedClock = () => { run: number; wait: number };

/** The calling thread's schedstat clock, or null where Linux schedstat is absent. */
export function schedClock(): SchedClock | null {
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r');
    const buf = Buffer.alloc(96);
    // "run_ns wait_ns timeslices\n"; a positioned read at 0 regenerates the line (~5 µs).
    const read = () => {
      const [run, wait] = buf.toString('latin1', 0, readSync(fd, buf, 0, buf.length, 0)).split(' ');
      return { run: Number(run), wait: Number(wait) };
    };
    const first = read();
    return Number.isFinite(first.run) && Number.isFinite(first.wait) ? read : null;
  } catch {
    return null;
  }
}

/** Starts the monitor (once per process) and returns it; called at start-up and on each read. */
export function eventLoopMonitor(): Monitor {
  const g = globalThis as { [KEY]?: Monitor };
  if (g[KEY]) return g[KEY];
  const m: Monitor = { histogram: createHistogram(), since: performance.now(), ownMax: 0, cpuMax: 0 };
  const sched = schedClock();
  let last = performance.now();
  let lastSched = sched?.();
  setInterval(() => {
    const now = performance.now();
    const late = Math.max(0, now - last - RESOLUTION_MS);
    m.histogram.record(Math.max(1, Math.round(late * 1e6)));
    const s = sched?.();
    // The thread's run and run-queue time over this interval (ms), where schedstat tells them.
    const spent = s && lastSched ? { run: (s.run - lastSched.run) / 1e6, wait: (s.wait - lastSched.wait) / 1e6 } : null;
    const own = spent ? late - spent.wait : late;
    m.ownMax = Math.max(m.ownMax, own);
    m.cpuMax = Math.max(m.cpuMax, spent ? Math.min(own, spent.run) : own);
    last = now;
    lastSched = s;
  }, RESOLUTION_MS).unref();
  return (g[KEY] = m);
}

/** Delay figures of the window since the last read, in seconds; then a new window starts. */
export function readEventLoopDelay() {
  const m = eventLoopMonitor();
  const h = m.histogram;
  const now = performance.now();
  // Recorded in nanoseconds (at least 1: a histogram takes no 0); to the microsecond.
  const s = (ns: number) => (h.count > 0 && Number.isFinite(ns) ? Math.round(ns / 1e3) / 1e6 : 0);
  const ms = (v: number) => (h.count > 0 ? Math.round(Math.max(0, v) * 1e3) / 1e6 : 0);
  const out = {
    max: s(h.max),
    own: ms(m.ownMax),
    cpu: ms(m.cpuMax),
    p99: s(h.percentile(99)),
    p50: s(h.percentile(50)),
    mean: s(h.mean),
    samples: h.count,
    window: Math.round(now - m.since) / 1000,
  };
  h.reset();
  m.ownMax = 0;
  m.cpuMax = 0;
  m.since = now;
  return out;
}

/** The window's figures as Prometheus gauges (seconds). */
export function eventLoopText(): string {
  const d = readEventLoopDelay();
  const gauge = (name: string, help: string, v: number) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    `${name} ${v}`,
  ];
  const since = 'since the previous scrape';
  return [
    ...gauge('md_event_loop_delay_max_seconds', `Longest event-loop delay ${since}.`, d.max),
    ...gauge(
      'md_event_loop_delay_own_seconds',
      `Longest event-loop delay ${since} less the time the thread waited for a CPU meanwhile (Linux schedstat; elsewhere the longest delay): what this process's own work held the loop.`,
      d.own,
    ),
    ...gauge(
      'md_event_loop_delay_cpu_seconds',
      `Most CPU time the thread used within one delay ${since}, at most that delay less its waits for a CPU (Linux schedstat; elsewhere the same as own): what this process's computing held the loop, without its time blocked on I/O or locks.`,
      d.cpu,
    ),
    ...gauge('md_event_loop_delay_p99_seconds', `99th percentile of event-loop delay ${since}.`, d.p99),
    ...gauge('md_event_loop_delay_p50_seconds', `Median event-loop delay ${since}.`, d.p50),
    ...gauge('md_event_loop_delay_mean_seconds', `Mean event-loop delay ${since}.`, d.mean),
    ...gauge('md_event_loop_delay_window_seconds', 'Length of the window the delay figures cover.', d.window),
  ].join('\n');
}
