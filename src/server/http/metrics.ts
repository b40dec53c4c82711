import { cacheSizes } from '../db/notify-cache';
import { eventLoopText } from './event-loop';

/**
 * Prometheus text exposition for /metrics: request counts and latency histogram per
 * operation and status, the entries of the in-process caches (db/notify-cache.ts) and the
 * event loop's delay (event-loop.ts). Per process; a scraper aggregates across processes.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const counts = new Map<string, number>();
const hist = new Map<string, { buckets: number[]; sum: number; count: number }>();

export function observeRequest(op: string, status: number, ms: number) {
  const k = `op="${op}",status="${status}"`;
  counts.set(k, (counts.get(k) ?? 0) + 1);
  const h = hist.get(op) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
  const s = ms / 1000;
  BUCKETS.forEach((b, i) => {
    if (s <= b) h.buckets[i]++;
  });
  h.sum += s;
  h.count++;
  hist.set(op, h);
}

export function metricsText(): string {
  const lines = ['# HELP md_requests_total API requests by operation and status.', '# TYPE md_requests_total counter'];
  for (const [k, v] of counts) lines.push(`md_requests_total{${k}} ${v}`);
  lines.push('# HELP md_request_duration_seconds API request latency.', '# TYPE md_request_duration_seconds histogram');
  for (const [op, h] of hist) {
    BUCKETS.forEach((b, i) => lines.push(`md_request_duration_seconds_bucket{op="${op}",le="${b}"} ${h.buckets[i]}`));
    lines.push(`md_request_duration_seconds_bucket{op="${op}",le="+Inf"} ${h.count}`);
    lines.push(
      `md_request_duration_seconds_sum{op="${op}"} ${h.sum}`,
      `md_request_duration_seconds_count{op="${op}"} ${h.count}`,
    );
  }
  lines.push(
    '# HELP md_cache_entries Entries held by each in-process cache (expired ones until the next sweep).',
    '# TYPE md_cache_entries gauge',
  );
  for (const [name, n] of cacheSizes()) lines.push(`md_cache_entries{cache="${name}"} ${n}`);
  lines.push(eventLoopText());
  return lines.join('\n') + '\n';
}
