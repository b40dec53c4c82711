/**
 * `npx tsx bench/request-log.ts`: what the request log (Developers → Logs) and the keys'
 * "last used" cost the hottest read, GET /v1/matters/{id}. Two servers of the same build on
 * two fresh PostgreSQL databases, one with MD_REQUEST_LOG=off; autocannon loads each in turn,
 * BENCH_ROUNDS times (default 3) alternating, and the medians are compared. Needs
 * `npm run build` and PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL).
 * Knobs: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (16).
 */
import { readFileSync } from 'node:fs';
import { startServer } from '../tests/helpers/server';
import { benchDatabaseUrl, measure, median, type Sample } from './harness';

const base = benchDatabaseUrl();
const opts = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// As in production: the server logs every request (bench/run.ts does the same).
const env = { MD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };

/**
 * The server process's CPU time so far (user + system, ms), from /proc: CPU per request is far
 * steadier than throughput on a machine whose other load comes and goes.
 */
function cpuMs(pid: number | null): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ = 100)
}

const servers = {
  off: await startServer({ ...env, MD_REQUEST_LOG: 'off' }, { databaseUrl: base }),
  on: await startServer(env, { databaseUrl: base }),
};
try {
  const specs = await Promise.all(
    Object.entries(servers).map(async ([label, srv]) => {
      const headers = { Authorization: `Bearer ${srv.adminKey}`, 'MD-Version': '2026-06-11' };
      const r = await fetch(`${srv.url}/v1/matters`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Bench read', mode: 'enforcement' }),
      });
      const m = (await r.json()) as { matter_id: string };
      return [
        label,
        { name: `GET /v1/matters/{id} (log ${label})`, origin: srv.url, path: `/v1/matters/${m.matter_id}`, headers },
      ] as const;
    }),
  );
  const samples: Record<string, Sample[]> = { off: [], on: [] };
  const cpu: Record<string, number[]> = { off: [], on: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, spec] of round % 2 ? [...specs].reverse() : specs) {
      const pid = servers[label as keyof typeof servers].pid();
      const before = cpuMs(pid);
      const s = await measure(spec, opts);
      // Requests over warm-up and measurement alike; the one-second flush after it is included.
      await new Promise((r) => setTimeout(r, 1_500));
      const perRequest = (cpuMs(pid) - before) / (s.ok * (1 + opts.warmupSeconds / opts.seconds));
      if (s.non2xx || s.errors) throw new Error(`${spec.name}: ${s.non2xx} non-2xx, ${s.errors} errors`);
      samples[label].push(s);
      cpu[label].push(perRequest);
      console.log(
        `round ${round + 1} ${label}: ${Math.round(s.rps)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, ${perRequest.toFixed(3)} CPU ms/request`,
      );
    }
  }
  const row = (label: string) => ({
    rps: Math.round(median(samples[label].map((s) => s.rps))),
    p50: median(samples[label].map((s) => s.p50)),
    p99: median(samples[label].map((s) => s.p99)),
    cpu: median(cpu[label]).toFixed(3),
  });
  const off = row('off');
  const on = row('on');
  const logged = await servers.on.sql<{ n: string }>('SELECT count(*)::text AS n FROM request_logs');
  console.log(
    `\nGET /v1/matters/{id}, ${opts.connections} connections, ${opts.seconds} s × ${ROUNDS} rounds (medians)`,
  );
  console.log(`  request log off: ${off.rps} req/s, p50 ${off.p50} ms, p99 ${off.p99} ms, ${off.cpu} CPU ms/request`);
  console.log(`  request log on:  ${on.rps} req/s, p50 ${on.p50} ms, p99 ${on.p99} ms, ${on.cpu} CPU ms/request`);
  console.log(`  throughput ${(((on.rps - off.rps) / off.rps) * 100).toFixed(1)} %; rows logged: ${logged[0].n}`);
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
