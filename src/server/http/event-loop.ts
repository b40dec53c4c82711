import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/**
 * Event-loop delay of this process, for /metrics: how late a 10 ms timer fires, i.e. how long
 * some piece of work held the loop while other requests waited. `monitorEventLoopDelay` records
 * the time between the timer's runs, so the resolution is subtracted: an idle loop reads ~0.
 *
 * The figures cover the window since the previous scrape (the histogram is reset after each
 * read, as prom-client's nodejs_eventloop_lag_* gauges are): a scraper sees the worst block of
 * each interval instead of one that happened hours ago, and `npm run bench` reads it around each
 * measured load. One scraper per process is the assumption; a second one splits the windows.
 */
const RESOLUTION_MS = 10;
/** One monitor per process: instrumentation and route handlers are separate bundles. */
const KEY = Symbol.for('md.eventLoopDelay');
type Monitor = { histogram: IntervalHistogram; since: number };

/** Starts the monitor (once per process) and returns it; called at start-up and on each read. */
export function eventLoopMonitor(): Monitor {
  const g = globalThis as { [KEY]?: Monitor };
  if (!g[KEY]) {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    g[KEY] = { histogram, since: performance.now() };
  }
  return g[KEY];
}

/** Delay figures of the window since the last read, in seconds; then a new window starts. */
export function readEventLoopDelay() {
  const m = eventLoopMonitor();
  const h = m.histogram;
  const now = performance.now();
  // Nanoseconds between timer runs, less the resolution, to the microsecond; 0 before a sample.
  const late = (ns: number) =>
    h.count > 0 && Number.isFinite(ns) ? Math.round(Math.max(0, ns / 1e6 - RESOLUTION_MS) * 1000) / 1e6 : 0;
  const out = {
    max: late(h.max),
    p99: late(h.percentile(99)),
    p50: late(h.percentile(50)),
    mean: late(h.mean),
    samples: h.count,
    window: Math.round(now - m.since) / 1000,
  };
  h.reset();
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
    ...gauge('md_event_loop_delay_p99_seconds', `99th percentile of event-loop delay ${since}.`, d.p99),
    ...gauge('md_event_loop_delay_p50_seconds', `Median event-loop delay ${since}.`, d.p50),
    ...gauge('md_event_loop_delay_mean_seconds', `Mean event-loop delay ${since}.`, d.mean),
    ...gauge('md_event_loop_delay_window_seconds', 'Length of the window the delay figures cover.', d.window),
  ].join('\n');
}
