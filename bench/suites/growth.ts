/**
 * Growth: a matter's dashboard and main lists at 10 and at 1,000,000 rows of each kind
 * (actions, packets, alerts, claimants), seeded in SQL. Each list's first page walks an index
 * that holds only the rows it returns (keyset paging, never OFFSET), and each dashboard count
 * stops one row past its cap (services/matters/dashboard-counts.ts), so the 1M rows answer
 * like the 10 do. The 1M matter is the hard case for both: most of its actions completed and
 * most packets answered (a status filter's rows are sparse among the matter's), and more open
 * actions, alerts and claimants than the dashboard's cap.
 */
import { median, type BenchContext, type BenchSuite, type ExtraRow, type LoadSpec } from '../harness';
import { seedMatterRows } from '../matter-rows-seed';

const BIG = Number(process.env.BENCH_GROWTH_ROWS ?? 1_000_000);
/** Requests per path for the one-at-a-time latencies (extra rows). */
const SERIAL = 31;

/** Statuses of row g: 2% of actions open (20,000 at 1M), 0.1% blocked, the rest completed … */
const ACTION_STATUS = `CASE WHEN g % 1000 = 1 THEN 'blocked' WHEN g % 50 = 0 THEN 'open' ELSE 'completed' END`;
/** … 0.5% of packets in review, the rest answered … */
const PACKET_STATUS = `CASE WHEN g % 200 = 1 THEN 'in_review' ELSE 'responded' END`;
/** … and nine alerts in ten still new. */
const ALERT_STATUS = `CASE WHEN g % 10 = 0 THEN 'resolved' ELSE 'new' END`;

async function seed(ctx: BenchContext, matterId: string, n: number) {
  await seedMatterRows(ctx.sql, 'actions', matterId, n, ACTION_STATUS);
  await seedMatterRows(ctx.sql, 'packets', matterId, n, PACKET_STATUS);
  await seedMatterRows(ctx.sql, 'alerts', matterId, n, ALERT_STATUS);
  await seedMatterRows(ctx.sql, 'claimants', matterId, n);
}

/** The paths measured on a matter, each labelled with its size. */
function paths(ctx: BenchContext, m: string, size: string): LoadSpec[] {
  const get = (name: string, path: string): LoadSpec => ({
    name: `${name} @${size}`,
    origin: ctx.url,
    path,
    headers: ctx.auth,
  });
  return [
    get('GET /v1/matters/{id}/dashboard', `/v1/matters/${m}/dashboard`),
    get('GET /v1/actions/matters/{id}', `/v1/actions/matters/${m}?limit=20`),
    get('GET /v1/actions/matters/{id}?status=blocked', `/v1/actions/matters/${m}?status=blocked&limit=20`),
    get('GET /v1/actions/matters/{id}?sort=due_at', `/v1/actions/matters/${m}?sort=due_at&limit=20`),
    get('GET /v1/alerts?matter_id&status=new', `/v1/alerts?matter_id=${m}&status=new&limit=20`),
    get('GET /v1/packets?matter_id&status=in_review', `/v1/packets?matter_id=${m}&status=in_review&limit=20`),
    get('GET /v1/matters/{id}/claimants', `/v1/matters/${m}/claimants?limit=20`),
  ];
}

/** The paths of both matters, by label without the size, kept by setup for extra. */
const measured = new Map<string, { small: LoadSpec; big: LoadSpec }>();

/** The median latency of `SERIAL` requests sent one at a time (no queueing behind other requests). */
async function serialMs(spec: LoadSpec) {
  const ms: number[] = [];
  for (let i = 0; i < SERIAL; i++) {
    const t0 = performance.now();
    const r = await fetch(spec.origin + spec.path, { headers: spec.headers });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${spec.name}: ${r.status}`);
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

export const growth: BenchSuite = {
  name: 'growth',
  async setup(ctx) {
    const small = await ctx.post('/v1/matters', { name: 'Bench growth (10 rows)', mode: 'enforcement' });
    const big = await ctx.post('/v1/matters', { name: `Bench growth (${BIG} rows)`, mode: 'enforcement' });
    const label = BIG >= 1_000_000 ? `${BIG / 1_000_000}M` : String(BIG);
    console.log(
      `seeding 10 and ${BIG} each of actions, packets, alerts, claimants (${small.matter_id}, ${big.matter_id}) …`,
    );
    const t0 = performance.now();
    await seed(ctx, small.matter_id, 10);
    await seed(ctx, big.matter_id, BIG);
    // Set the visibility map too (not only statistics), as autovacuum would by the time a
    // matter had grown this big: index-only counts then skip the heap.
    await ctx.sql('VACUUM ANALYZE actions, packets, alerts, claimants');
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const smalls = paths(ctx, small.matter_id, '10');
    const bigs = paths(ctx, big.matter_id, label);
    smalls.forEach((s, i) => measured.set(s.name.replace(/ @10$/, ''), { small: s, big: bigs[i] }));
    return [...smalls, ...bigs];
  },
  // The same paths one request at a time: the latency a caller sees with no queue, 10 rows
  // against BIG, measured in alternation so load from elsewhere hits both alike.
  async extra(): Promise<ExtraRow[]> {
    const rows: ExtraRow[] = [];
    for (const [name, { small, big }] of measured) {
      const a = await serialMs(small);
      const b = await serialMs(big);
      rows.push({
        name: `${name}, one at a time: @10 → @${BIG.toLocaleString('en-US')}`,
        value: Math.round(b * 10) / 10,
        unit: 'ms',
        note: `p50 of ${SERIAL}: ${a.toFixed(1)} ms at 10 rows, ${b.toFixed(1)} ms at ${BIG.toLocaleString('en-US')}`,
      });
    }
    return rows;
  },
};
