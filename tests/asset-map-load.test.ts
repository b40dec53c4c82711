/**
 * Issue 31's load: an asset map of one wallet with 100,000 sandbox transfers, and of a matter
 * with 1,000 wallets, each seeded in SQL, answers within 2 s of the server's main-thread CPU
 * while `/healthz` keeps answering (the server's computing never held its event loop 300 ms in
 * one piece, 1 s on PGlite: tests/helpers/loop-probe.ts), and the busy wallet's exchange
 * hypotheses still find the deposit pattern. Wall time is printed beside it (bench/asset-map.ts
 * times it on a quiet machine); the CPU bound is the part a loaded test machine cannot move.
 *
 * On PGlite the database itself runs in the server's main thread, so that thread's CPU is the
 * map's work plus the whole of the database's: the 100,000-transfer map measures 1.6-1.8 s
 * there on a quiet machine (about 0.5 s on PostgreSQL), and 2.2-3.5 s on the same machine at
 * half speed (2026-11-28 evening), so it is held to PGLITE_BOUND_MS instead, a guard against a
 * map whose work grows, not the issue's bound, which PostgreSQL keeps.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sqlRecorder, startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { whileProbing } from './helpers/loop-probe';
import { seedBusyWallet, seedMatterWallets } from '../bench/asset-map-seed';

let srv: TestServer;
let c: Client;
let kit: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
});
after(async () => srv?.stop());

/** The bound: 2 s for the map, here of the server's main-thread CPU. */
const BOUND_MS = 2000;
const PGLITE_BOUND_MS = 6000;
const onPglite = !process.env.DATABASE_URL;

async function probedMap(body: Record<string, unknown>) {
  expectStatus(await c.post('/v1/crypto/asset-map', {}), 400, 'warm the route');
  const run = await whileProbing(srv, () => c.post('/v1/crypto/asset-map', body));
  expectStatus(run.result, 200);
  return run;
}

const figures = (run: Awaited<ReturnType<typeof probedMap>>) =>
  `${run.ms.toFixed(0)} ms, main-thread CPU ${run.cpu ?? '?'} ms, ${run.probes.length} /healthz probes, slowest ${run.maxProbeMs.toFixed(1)} ms`;

test('an asset map of a wallet with 100,000 transfers: within the bound, /healthz not stalled', async (t) => {
  const m = await kit.matter();
  const wallet = '0x00000000000000000000000000000000bec4001c';
  // One batch (each srv.sql restarts PGlite): the seed, then the balances the map must show,
  // each the one aggregate over all 100,000 rows.
  const { sql, statements } = sqlRecorder();
  await seedBusyWallet(sql, kit.orgId, wallet, 100_000);
  await sql('ANALYZE sandbox_transfers');
  await sql(
    `SELECT asset, (coalesce(sum(amount) FILTER (WHERE to_address = $1), 0) - coalesce(sum(amount) FILTER (WHERE from_address = $1), 0))::text AS amount
       FROM sandbox_transfers WHERE from_address = $1 OR to_address = $1 GROUP BY asset ORDER BY asset`,
    [wallet],
  );
  const expected = (await srv.sqlBatch(statements)).at(-1) as { asset: string; amount: string }[];
  const run = await probedMap({ matter_id: m, wallets: [wallet] });
  t.diagnostic(`100,000 transfers: ${figures(run)}`);
  const deposit = run.result.body.exchange_hypotheses.find((h: any) => h.basis === 'deposit_pattern');
  assert.ok(deposit, 'the deposit pattern is found');
  assert.equal(deposit.evidence_count, 10_000, 'one payee in ten forwards: 5,000 payments and their 5,000 forwards');
  // The balance is the running one the insert trigger keeps: each amount is still the one
  // aggregate (in the API's plain-decimal form).
  assert.deepEqual(
    run.result.body.token_exposures.map((e: any) => [e.asset, String(e.amount)]),
    expected.map((r) => [r.asset, r.amount.replace(/\.?0+$/, '')]),
  );
  assert.deepEqual(run.stalls, [], run.summary);
  const bound = onPglite ? PGLITE_BOUND_MS : BOUND_MS;
  if (run.cpu !== null) assert.ok(run.cpu < bound, `main-thread CPU ${run.cpu} ms; ${run.summary}`);
});

test('an asset map of a matter with 1,000 wallets: within the bound, /healthz not stalled', async (t) => {
  const m = await kit.matter();
  const { sql, statements } = sqlRecorder();
  await seedMatterWallets(sql, kit.orgId, m, 1000, 20);
  await srv.sqlBatch(statements);
  const run = await probedMap({ matter_id: m });
  t.diagnostic(`1,000 wallets × 20 transfers: ${figures(run)}`);
  assert.equal(run.result.body.wallets.length, 1000);
  assert.deepEqual(run.stalls, [], run.summary);
  if (run.cpu !== null) assert.ok(run.cpu < BOUND_MS, `main-thread CPU ${run.cpu} ms; ${run.summary}`);
});
