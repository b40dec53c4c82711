/**
 * Issue 31's load (not timed here: bench/asset-map.ts times it): an asset map of one wallet with
 * 100,000 sandbox transfers, seeded in SQL, answers while `/healthz` keeps answering, and its
 * exchange hypotheses still find the deposit pattern. The loop probe counts a stall only when
 * the server's main thread was busy for the probe's whole wait (tests/helpers/loop-probe.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { whileProbing } from './helpers/loop-probe';
import { seedBusyWallet } from '../bench/asset-map-seed';

let srv: TestServer;
let c: Client;
let kit: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
});
after(async () => srv?.stop());

// `todo` until it is seen to pass on a build with the paged sandbox history (sandbox-chain.ts):
// on the build before it, one probe waited 13.2 s on 1,130 ms of main-thread CPU (the ~15 MB
// history parsed at once). A todo test runs and reports but does not fail the suite.
test(
  'an asset map of a wallet with 100,000 transfers does not stall /healthz',
  { todo: 'verify on a fresh build, then drop the todo' },
  async (t) => {
    const m = await kit.matter();
    const [{ org_id }] = await srv.sql<{ org_id: string }>('SELECT org_id FROM matters WHERE id = $1', [m]);
    const wallet = '0x00000000000000000000000000000000bec4001c';
    await seedBusyWallet(srv.sql.bind(srv), org_id, wallet, 100_000);
    expectStatus(await c.post('/v1/crypto/asset-map', {}), 400, 'warm the route');
    const run = await whileProbing(srv, () => c.post('/v1/crypto/asset-map', { matter_id: m, wallets: [wallet] }));
    expectStatus(run.result, 200);
    t.diagnostic(
      `100,000 transfers: ${run.ms.toFixed(0)} ms, ${run.probes.length} /healthz probes, slowest ${run.maxProbeMs.toFixed(1)} ms`,
    );
    const deposit = run.result.body.exchange_hypotheses.find((h: any) => h.basis === 'deposit_pattern');
    assert.ok(deposit, 'the deposit pattern is found');
    assert.equal(deposit.evidence_count, 10_000, 'one payee in ten forwards: 5,000 payments and their 5,000 forwards');
    assert.deepEqual(run.stalls, [], run.summary);
  },
);
