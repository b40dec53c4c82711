/**
 * The core paths: an authenticated read, an idempotent write, and the audit page at 10, 10k and
 * 1M events (first page and a page 45,000 deep: keyset paging keeps them flat).
 */
import { matterWriteSpec, type BenchContext, type BenchSuite } from '../harness';

export const core: BenchSuite = {
  name: 'core',
  async setup(ctx) {
    const matter = await ctx.post('/v1/matters', { name: 'Bench matter', mode: 'enforcement' });
    const big = await ctx.post('/v1/matters', { name: 'Bench matter (1M audit events)', mode: 'enforcement' });
    const small = await ctx.post('/v1/matters', { name: 'Bench matter (10 audit events)', mode: 'enforcement' });
    console.log(
      `seeding audit events (10 on ${small.matter_id}, 10k on ${matter.matter_id}, 1M on ${big.matter_id}) …`,
    );
    await seedAudit(ctx, small.matter_id, 9, 20_000_000); // and its own matter.created
    await seedAudit(ctx, matter.matter_id, 10_000, 0);
    await seedAudit(ctx, big.matter_id, 1_000_000, 10_000_000);
    // Deep pages stay as cheap as the first: the cursor is an id, never an OFFSET.
    const [{ id: deep }] = await ctx.sql<{ id: string }>(
      'SELECT id FROM audit_events WHERE matter_id = $1 ORDER BY id LIMIT 1 OFFSET 900000',
      [big.matter_id],
    );
    const get = (name: string, path: string) => ({ name, origin: ctx.url, path, headers: ctx.auth });
    const many = await seedMatters(ctx, matter.matter_id, UNCACHED_MATTERS);
    return [
      get('GET /v1/matters/{id}', `/v1/matters/${matter.matter_id}`),
      {
        ...get(`GET /v1/matters/{id}, ${UNCACHED_MATTERS.toLocaleString('en-US')} matters in turn (cache misses)`, ''),
        cyclePaths: many.map((id) => `/v1/matters/${id}`),
      },
      matterWriteSpec('POST /v1/matters (Idempotency-Key)', ctx.url, '/v1/matters', ctx.json),
      get('GET /v1/audit/matters/{id} @10 events', `/v1/audit/matters/${small.matter_id}?limit=20`),
      get('GET /v1/audit/matters/{id} @10k events', `/v1/audit/matters/${matter.matter_id}?limit=20`),
      get('GET /v1/audit/matters/{id} @1M events', `/v1/audit/matters/${big.matter_id}?limit=20`),
      get(
        'GET /v1/audit/matters/{id} @1M, page 45k',
        `/v1/audit/matters/${big.matter_id}?limit=20&ending_before=${deep}`,
      ),
    ];
  },
};

/**
 * More matters than the matter cache holds (MD_MATTER_CACHE_SIZE, 10,000): read in turn, the
 * least recently used is always the one asked for next, so every read misses and goes to the
 * database, as a read of a matter nobody read in the last seconds does.
 */
const UNCACHED_MATTERS = 12_000;

/** Copies of a matter, inserted in SQL; their ids. */
async function seedMatters(ctx: BenchContext, templateId: string, n: number): Promise<string[]> {
  const rows = await ctx.sql<{ id: string }>(
    `
    INSERT INTO matters (id, org_id, env, name, mode, status, economics, created_at, updated_at)
    SELECT 'mtr_' || lpad(to_hex(g), 24, '0'), org_id, env, name || ' ' || g, mode, status, economics, now(), now()
    FROM matters, generate_series(1, $2::int) AS g WHERE id = $1
    RETURNING id`,
    [templateId, n],
  );
  await ctx.sql('ANALYZE matters');
  return rows.map((r) => r.id);
}

/** Bulk-inserts synthetic audit rows straight into PostgreSQL (the list path reads them; the chain is not meant to verify). */
async function seedAudit(ctx: BenchContext, matterId: string, n: number, idOffset: number) {
  const [org] = await ctx.sql<{ org_id: string; env: string }>('SELECT org_id, env FROM matters WHERE id = $1', [
    matterId,
  ]);
  const batch = 200_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    await ctx.sql(
      `
      INSERT INTO audit_events (id, chain_key, seq, org_id, env, matter_id, event_type, actor_id, object_type, object_id, request_id, timestamp, details, prev_hash, hash)
      SELECT 'eve_' || lpad(to_hex(g + $6::int), 24, '0'), $1::text || ':bench', g, $2::text, $3::text, $1::text, 'custom.bench', 'key_bench', 'matter', $1::text, 'req_bench', now(), '{}'::jsonb, '', md5(g::text)
      FROM generate_series($4::int, $5::int) AS g`,
      [matterId, org.org_id, org.env, done + 1, done + size, idOffset],
    );
  }
  await ctx.sql('ANALYZE audit_events');
}
