/**
 * The monitoring suite alone (`tsx bench/alert-latency.ts`, after `npm run build`): starts the
 * built app (PostgreSQL at DATABASE_URL, else PGlite) and prints the alert latency rows that
 * `npm run bench` reports.
 */
import { startServer } from '../tests/helpers/server';
import type { BenchContext } from './harness';
import { monitoring } from './suites/monitoring';

const srv = await startServer({ MD_RATE_LIMIT_PER_MIN: '100000000', MD_LOG_LEVEL: 'warn' });
try {
  const auth = { Authorization: `Bearer ${srv.adminKey}`, 'MD-Version': '2026-06-11' };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const ctx: BenchContext = {
    url: srv.url,
    key: srv.adminKey,
    auth,
    json,
    post: async (p, body, headers = {}) =>
      (
        await fetch(srv.url + p, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })
      ).json(),
    sql: (text, params) => srv.sql(text, params),
  };
  for (const r of await monitoring.extra!(ctx)) console.log(`${r.name}: ${r.value} ${r.unit} (${r.note})`);
} finally {
  await srv.stop();
}
