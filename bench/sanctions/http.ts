/**
 * npm run bench:sanctions -- --http: names per second over HTTP. Starts the built app (run
 * `npm run build` first) on PGlite, or on DATABASE_URL's PostgreSQL, and POSTs the 10,000
 * ordinary names (bench/sanctions/matcher.ts) to /v1/sanctions/screen in batches of 1,000
 * entities, the most the operation accepts, while /healthz is probed one request after another:
 * the longest probe is how long a request held the event loop. Also reports how long the server
 * took to answer /readyz after start (the SDN index is built at start).
 */
import { startServer } from '../../tests/helpers/server';
import { client, matterWithAuthority } from '../../tests/helpers/client';
import { whileProbing } from '../../tests/helpers/loop-probe';
import { ordinaryNames } from './matcher';

export async function measureHttp(batch = 1000) {
  const t0 = performance.now();
  const srv = await startServer();
  let readyMs = 0;
  for (;;) {
    const r = await fetch(`${srv.url}/readyz`).catch(() => null);
    if (r?.status === 200) {
      readyMs = Math.round(performance.now() - t0);
      break;
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  try {
    const c = client(srv.url, srv.adminKey);
    const matterId = await matterWithAuthority(c, 'Screening benchmark');
    const names = ordinaryNames();
    const run = await whileProbing(srv, async () => {
      let flagged = 0;
      for (let i = 0; i < names.length; i += batch) {
        const r = await c.post('/v1/sanctions/screen', { matter_id: matterId, entities: names.slice(i, i + batch) });
        if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        flagged += new Set(r.body.matches.map((m: { subject: string }) => m.subject)).size;
      }
      return flagged;
    });
    return {
      ready_ms: readyMs,
      names: names.length,
      batch,
      seconds: Math.round(run.ms) / 1000,
      names_per_second: Math.round(names.length / (run.ms / 1000)),
      flagged: run.result,
      probes: run.probes.length,
      longest_probe_ms: Math.round(run.maxProbeMs),
      stalls: run.stalls.length,
    };
  } finally {
    await srv.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureHttp().then((r) => console.log(JSON.stringify(r, null, 2)));
}
