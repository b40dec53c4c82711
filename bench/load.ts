/**
 * A small closed-loop load generator: `concurrency` workers issue requests back to back for
 * `seconds`, after a warm-up. Reports requests/s and p50/p99 latency of successful requests.
 */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

export async function load(
  name: string,
  make: (i: number) => { url: string; init?: RequestInit },
  opts: { concurrency?: number; seconds?: number; warmupSeconds?: number; expect?: number } = {},
): Promise<LoadResult> {
  const concurrency = opts.concurrency ?? 16;
  const expect = opts.expect ?? 200;
  let i = 0;
  const run = async (until: number, lat: number[] | null, errs: { n: number }) => {
    while (performance.now() < until) {
      const { url, init } = make(i++);
      const t = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status !== expect) errs.n++;
      else lat?.push(performance.now() - t);
    }
  };
  const warm = performance.now() + (opts.warmupSeconds ?? 1) * 1000;
  await Promise.all(Array.from({ length: concurrency }, () => run(warm, null, { n: 0 })));
  const lat: number[] = [];
  const errs = { n: 0 };
  const start = performance.now();
  const until = start + (opts.seconds ?? 5) * 1000;
  await Promise.all(Array.from({ length: concurrency }, () => run(until, lat, errs)));
  const elapsed = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? NaN;
  return { name, requests: lat.length, errors: errs.n, rps: lat.length / elapsed, p50: pct(50), p99: pct(99) };
}

export function table(rows: LoadResult[], baseline: LoadResult) {
  const head = ['path', 'req/s', 'p50 ms', 'p99 ms', 'vs bare (req/s)', 'errors'];
  const body = rows.map((r) => [r.name, r.rps.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), `${((r.rps / baseline.rps) * 100).toFixed(1)}%`, String(r.errors)]);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((b) => b[c].length)));
  const line = (cells: string[]) => '| ' + cells.map((x, c) => x.padEnd(widths[c])).join(' | ') + ' |';
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
