/**
 * Packet export benchmark (`tsx bench/packet-export.ts`; needs `npm run build`, PostgreSQL at
 * DATABASE_URL, default the local server, and poppler's pdfinfo). Starts the built app on a
 * fresh database, creates a packet whose PDF runs to 20 pages (a long wallet table), then
 * measures BENCH_RUNS (default 5) PDF exports from the POST until GET /v1/exports/{id} reports
 * `ready`, rendered by the server's in-process export runner.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/helpers/server';
import { client, type Client } from '../tests/helpers/client';
import { makeKit } from '../tests/helpers/fixtures';
import { packetBody, packetSetup } from '../tests/helpers/fixtures-packets';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_PAGES = 20;
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
  console.error('bench/packet-export.ts needs a production build: run `npm run build` first.');
  process.exit(1);
}

async function exportOnce(c: Client, packetId: string) {
  const t0 = performance.now();
  const e = await c.post(`/v1/packets/${packetId}/export`, { format: 'pdf' });
  if (e.status !== 200) throw new Error(`export: ${e.status} ${JSON.stringify(e.body)}`);
  for (;;) {
    const r = await c.get(`/v1/exports/${e.body.export_id}`);
    if (r.body.status === 'ready') return { ms: performance.now() - t0, exp: r.body };
    if (r.body.status === 'failed') throw new Error(`export failed: ${r.body.failure_reason}`);
    await new Promise((res) => setTimeout(res, 10));
  }
}

async function pagesOf(url: string, dir: string) {
  const file = path.join(dir, `${Date.now()}.pdf`);
  writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
}

const srv = await startServer({ MD_WORKER_POLL_MS: '100' });
const dir = mkdtempSync(path.join(tmpdir(), 'md-bench-pdf-'));
try {
  const c = client(srv.url, srv.adminKey);
  const k = await makeKit(c);
  const s = await packetSetup(k);
  const make = async (n: number) => {
    const wallets = Array.from({ length: n }, () => `0x${randomBytes(20).toString('hex')}`);
    const p = await c.post('/v1/packets/exchange-intercept', packetBody(s, { wallets }));
    if (p.status !== 200) throw new Error(`packet: ${p.status} ${JSON.stringify(p.body).slice(0, 300)}`);
    const first = await exportOnce(c, p.body.packet_id);
    return { id: p.body.packet_id as string, pages: await pagesOf(first.exp.download_url, dir), n };
  };
  // Size the wallet table so the PDF has 20 pages (fixed pages plus about 40 rows a page).
  let probe = await make(200);
  const perPage = 200 / Math.max(1, probe.pages - (await make(1)).pages);
  for (let i = 0; i < 3 && probe.pages !== TARGET_PAGES; i++) {
    probe = await make(Math.max(1, Math.round(probe.n + (TARGET_PAGES - probe.pages) * perPage)));
  }
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await exportOnce(c, probe.id);
    times.push(r.ms);
    size = r.exp.size_bytes;
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor((times.length - 1) / 2)];
  console.log(`\n## Packet PDF export (${probe.pages} pages, ${probe.n} wallets, ${Math.round(size / 1024)} KB), request → ready, ${RUNS} runs`);
  console.log('| p50 ms | min ms | max ms |');
  console.log('|---|---|---|');
  console.log(`| ${p50.toFixed(0)} | ${times[0].toFixed(0)} | ${times.at(-1)!.toFixed(0)} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await srv.stop();
}
