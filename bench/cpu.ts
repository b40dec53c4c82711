/**
 * `npm run bench:cpu`: where a request's time goes, as the server process's own CPU time per
 * request (utime + stime from /proc/<pid>/stat around a load, divided by the requests served).
 * Unlike req/s, this barely moves with the load autocannon and PostgreSQL put on the same two
 * cores, so the steps between paths can be read off by subtraction:
 *   bare route → + one database round trip (/readyz) → + the REST wrapper without a query
 *   (/v1/capabilities: auth, rate limit, scope, logging, metrics) → the read → the write.
 * PostgreSQL as in `npm run bench`; BENCH_ROUNDS (3) alternating rounds of BENCH_SECONDS (5).
 */
import { readFileSync } from 'node:fs';
import { startServer } from '../tests/helpers/server';
import { benchContext, benchDatabaseUrl, measure, median, type LoadSpec } from './harness';

process.env.DATABASE_URL = benchDatabaseUrl();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const srv = await startServer({ MD_RATE_LIMIT_PER_MIN: '100000000', MD_LOG_LEVEL: 'info' });
/** CPU milliseconds the server process has used so far (clock ticks are 10 ms on Linux). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${srv.pid()}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
try {
  const ctx = benchContext(srv);
  const matter = await ctx.post('/v1/matters', { name: 'CPU bench matter', mode: 'enforcement' });
  const get = (name: string, path: string, auth = true): LoadSpec => ({
    name,
    origin: ctx.url,
    path,
    ...(auth ? { headers: ctx.auth } : {}),
  });
  const specs: LoadSpec[] = [
    get('bare route (GET /healthz)', '/healthz', false),
    get('+ one database round trip (GET /readyz)', '/readyz', false),
    get('REST wrapper, no query (GET /v1/capabilities)', '/v1/capabilities'),
    get('read (GET /v1/matters/{id})', `/v1/matters/${matter.matter_id}`),
    {
      name: 'idempotent write (POST /v1/matters)',
      origin: ctx.url,
      path: '/v1/matters',
      method: 'POST',
      headers: ctx.json,
      body: JSON.stringify({ name: 'CPU bench write', mode: 'enforcement' }),
      uniqueIdempotencyKey: true,
    },
  ];
  const perRequest = new Map<string, number[]>(specs.map((s) => [s.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      await measure(spec, { connections: 16, seconds: 1, warmupSeconds: 0 });
      const before = cpuMs();
      const s = await measure(spec, { connections: 16, seconds: SECONDS, warmupSeconds: 0 });
      const ms = (cpuMs() - before) / Math.max(1, s.ok + s.non2xx);
      perRequest.get(spec.name)!.push(ms);
      console.log(
        `round ${round}/${ROUNDS}  ${spec.name.padEnd(48)} ${ms.toFixed(3)} ms CPU/request  (${s.rps.toFixed(0)} req/s)`,
      );
    }
  }
  const bare = median(perRequest.get(specs[0].name)!);
  console.log('\n| path | server CPU per request (median) | × bare |\n|---|---|---|');
  for (const spec of specs) {
    const ms = median(perRequest.get(spec.name)!);
    console.log(`| ${spec.name} | ${ms.toFixed(2)} ms | ${(ms / bare).toFixed(2)} |`);
  }
} finally {
  await srv.stop();
}
