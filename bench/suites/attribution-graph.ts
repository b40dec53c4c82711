/**
 * The attribution graph of a matter with 1,000 claims (the worst case: 1,000 subjects each
 * said to control one address, seeded in SQL): POST /v1/attribution/graph builds and stores
 * it, GET /v1/attribution/graphs/{id} reads it back. Reports the p50 of 5 runs of each after a
 * warm-up, and the body's size. Goal: within 2 s.
 */
import { get } from 'node:http';
import type { BenchSuite, ExtraRow } from '../harness';
import { median } from '../harness';
import { seedContestedClaims } from '../matter-rows-seed';

const CLAIMS = 1000;
const RUNS = 5;
const GOAL_MS = 2000;

/** Bytes on the wire of a GET that accepts gzip (fetch would inflate them unseen), and the encoding. */
function wire(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    get(url, { headers: { ...headers, 'Accept-Encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
    }).on('error', reject);
  });
}

export const attributionGraph: BenchSuite = {
  name: 'attribution-graph',
  async extra(ctx): Promise<ExtraRow[]> {
    const matter = await ctx.post('/v1/matters', { name: 'Bench attribution graph', mode: 'enforcement' });
    await seedContestedClaims(ctx.sql, matter.matter_id, CLAIMS, '0x00000000000000000000000000000000000bec42');
    await ctx.sql('ANALYZE attribution_claims');
    const timed = async (path: string, init: RequestInit) => {
      const t0 = performance.now();
      const r = await fetch(ctx.url + path, init);
      const text = await r.text();
      if (!r.ok) throw new Error(`${path}: ${r.status} ${text.slice(0, 300)}`);
      return { ms: performance.now() - t0, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
    };
    const build = () =>
      timed('/v1/attribution/graph', {
        method: 'POST',
        headers: ctx.json,
        body: JSON.stringify({ matter_id: matter.matter_id, include_contradictions: true }),
      });
    const first = await build(); // warm-up
    const posts = [];
    for (let i = 0; i < RUNS; i++) posts.push(await build());
    const gets = [];
    for (let i = 0; i <= RUNS; i++)
      gets.push(await timed(`/v1/attribution/graphs/${first.body.graph_id}`, { headers: ctx.auth }));
    gets.shift(); // warm-up
    const post = median(posts.map((p) => p.ms));
    const get = median(gets.map((g) => g.ms));
    const onWire = await wire(`${ctx.url}/v1/attribution/graphs/${first.body.graph_id}`, ctx.auth);
    const kib = `${Math.round(first.bytes / 1024)} KiB body (${Math.round(onWire.bytes / 1024)} KiB on the wire, ${onWire.encoding})`;
    const met = (ms: number) => (ms < GOAL_MS ? 'met' : 'NOT met');
    const note = (xs: number[]) =>
      `${CLAIMS} claims, ${kib}, ${RUNS} runs after a warm-up; min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))} ms`;
    return [
      {
        name: `POST /v1/attribution/graph, ${CLAIMS} claims (p50)`,
        value: Math.round(post),
        unit: 'ms',
        note: `${note(posts.map((p) => p.ms))}; target < ${GOAL_MS} ms: ${met(post)}`,
      },
      {
        name: `GET /v1/attribution/graphs/{id}, ${CLAIMS} claims (p50)`,
        value: Math.round(get),
        unit: 'ms',
        note: `${note(gets.map((g) => g.ms))}; target < ${GOAL_MS} ms: ${met(get)}`,
      },
    ];
  },
};
