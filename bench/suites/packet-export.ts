/**
 * Packet export suite (needs poppler's pdfinfo): a packet whose PDF runs to 20 pages (a long
 * wallet table), then BENCH_EXPORT_RUNS (default 5) PDF exports timed from the POST until
 * GET /v1/exports/{id} reports `ready`, rendered by the server's in-process export runner.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchSuite, ExtraRow } from '../harness';
import { client, type Client } from '../../tests/helpers/client';
import { makeKit } from '../../tests/helpers/fixtures';
import { packetBody, packetSetup } from '../../tests/helpers/fixtures-packets';

const TARGET_PAGES = 20;

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

export async function packetExportBench(
  ctx: BenchContext,
  runs = Number(process.env.BENCH_EXPORT_RUNS ?? 5),
): Promise<ExtraRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-bench-pdf-'));
  try {
    const c = client(ctx.url, ctx.key);
    const s = await packetSetup(await makeKit(c));
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
    for (let i = 0; i < runs; i++) {
      const r = await exportOnce(c, probe.id);
      times.push(r.ms);
      size = r.exp.size_bytes;
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor((times.length - 1) / 2)];
    return [
      {
        name: `Packet PDF export, request → ready (p50, ${probe.pages} pages)`,
        value: Math.round(p50),
        unit: 'ms',
        note: `${probe.n} wallets, ${Math.round(size / 1024)} KB, ${runs} runs; min ${times[0].toFixed(0)}, max ${times.at(-1)!.toFixed(0)} ms`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const packetExport: BenchSuite = { name: 'packet-export', extra: (ctx) => packetExportBench(ctx) };
