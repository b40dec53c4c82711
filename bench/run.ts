/**
 * `npm run bench`: the main API paths on PostgreSQL against a bare Next.js route handler, all
 * in one run on one built app. Needs `npm run build` first and a PostgreSQL server
 * (BENCH_DATABASE_URL or DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test; a
 * fresh database is created and dropped). BENCH_SECONDS sets the measuring time per path.
 */
import pg from 'pg';
import { startServer } from '../tests/helpers/server';
import { load, table, type LoadResult } from './load';

const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
process.env.DATABASE_URL = base;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const srv = await startServer({ MD_RATE_LIMIT_PER_MIN: '100000000', MD_LOG_LEVEL: 'error' });
const auth = { Authorization: `Bearer ${srv.adminKey}`, 'MD-Version': '2026-06-11' };
const json = { ...auth, 'Content-Type': 'application/json' };
const post = async (path: string, body: unknown) => {
  const r = await fetch(srv.url + path, { method: 'POST', headers: json, body: JSON.stringify(body) });
  return r.json();
};

try {
  const matter = await post('/v1/matters', { name: 'Bench matter', mode: 'enforcement' });
  const big = await post('/v1/matters', { name: 'Bench matter (1M audit events)', mode: 'enforcement' });
  console.log(`seeding audit events (10k on ${matter.matter_id}, 1M on ${big.matter_id}) …`);
  await seedAudit(matter.matter_id, 10_000, 0);
  await seedAudit(big.matter_id, 1_000_000, 10_000_000);
  const opts = { seconds, concurrency };
  const rows: LoadResult[] = [];
  const bare = await load('bare route handler (GET /healthz)', () => ({ url: `${srv.url}/healthz` }), opts);
  rows.push(bare);
  rows.push(await load(`GET /v1/matters/{id}`, () => ({ url: `${srv.url}/v1/matters/${matter.matter_id}`, init: { headers: auth } }), opts));
  const run = Date.now().toString(36);
  rows.push(await load('POST /v1/matters (Idempotency-Key)', (i) => ({
    url: `${srv.url}/v1/matters`,
    init: { method: 'POST', headers: { ...json, 'Idempotency-Key': `bench-${run}-${i}` }, body: JSON.stringify({ name: `Bench ${i}`, mode: 'enforcement' }) },
  }), { ...opts, expect: 201 }));
  rows.push(await load('GET /v1/audit/matters/{id} @10k events', () => ({ url: `${srv.url}/v1/audit/matters/${matter.matter_id}?limit=20`, init: { headers: auth } }), opts));
  rows.push(await load('GET /v1/audit/matters/{id} @1M events', () => ({ url: `${srv.url}/v1/audit/matters/${big.matter_id}?limit=20`, init: { headers: auth } }), opts));
  // Deep pages stay as cheap as the first: the cursor is an id, never an OFFSET.
  const deep = (await srv.sql<{ id: string }>(`SELECT id FROM audit_events WHERE matter_id = $1 ORDER BY id LIMIT 1 OFFSET 900000`, [big.matter_id]))[0].id;
  rows.push(await load('GET /v1/audit/matters/{id} @1M, page 45k', () => ({ url: `${srv.url}/v1/audit/matters/${big.matter_id}?limit=20&ending_before=${deep}`, init: { headers: auth } }), opts));
  console.log(`\nPostgreSQL, ${concurrency} concurrent clients, ${seconds}s per path, one \`next start\` process:\n`);
  console.log(table(rows, bare));
} finally {
  await srv.stop();
}

/** Bulk-inserts synthetic audit rows straight into PostgreSQL (the list path reads them; the chain is not meant to verify). */
async function seedAudit(matterId: string, n: number, idOffset: number) {
  const c = new pg.Client({ connectionString: srv.env.DATABASE_URL });
  c.on('error', () => {}); // the database is dropped at the end of the run
  await c.connect();
  const org = (await c.query('SELECT org_id, env FROM matters WHERE id = $1', [matterId])).rows[0];
  const batch = 200_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    await c.query(`
      INSERT INTO audit_events (id, chain_key, seq, org_id, env, matter_id, event_type, actor_id, object_type, object_id, request_id, timestamp, details, prev_hash, hash)
      SELECT 'eve_' || lpad(to_hex(g + $6::int), 24, '0'), $1::text || ':bench', g, $2::text, $3::text, $1::text, 'custom.bench', 'key_bench', 'matter', $1::text, 'req_bench', now(), '{}'::jsonb, '', md5(g::text)
      FROM generate_series($4::int, $5::int) AS g`, [matterId, org.org_id, org.env, done + 1, done + size, idOffset]);
  }
  await c.query('ANALYZE audit_events');
  await c.end();
}
