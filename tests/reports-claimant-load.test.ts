/**
 * A claimant-facing report over a matter with as many wallets as a matter may hold keeps the
 * server responsive: its redaction is one linear pass per string (one RegExp per address took
 * 4.2 s over 2,000 wallets and 24 s over 4,000, during which nothing else was answered). The
 * test imports WALLETS wallets (200 a call, up to the matter's cap), maps them, then creates an
 * internal and a claimant-audience brief of them while probing GET /healthz: no probe waits on a
 * busy loop (helpers/loop-probe.ts), and the claimant brief costs little more than the internal.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { evmAddress } from './helpers/fixtures-chain';
import { whileProbing } from './helpers/loop-probe';

const WALLETS = 1000; // the matter's cap (MAX_MATTER_WALLETS)
const IMPORT_BATCH = 200;

let srv: TestServer;
let c: Client;
let k: Kit;
let matterId: string;
const addresses = Array.from({ length: WALLETS }, evmAddress);

before(async () => {
  srv = await startServer({ MD_WORKER_POLL_MS: '200' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  matterId = await k.matter();
  for (let i = 0; i < WALLETS; i += IMPORT_BATCH) {
    const wallets = addresses.slice(i, i + IMPORT_BATCH).map((address) => ({ address, network: 'ethereum' }));
    expectStatus(await c.post('/v1/attribution/wallets/import', { matter_id: matterId, wallets }), 201, 'import');
  }
  const map = await c.post('/v1/crypto/asset-map', {
    matter_id: matterId,
    include_exchanges: false,
    include_stablecoins: false,
  });
  expectStatus(map, 200, 'asset map');
  assert.equal(map.body.wallets.length, WALLETS);
});
after(async () => {
  await srv?.stop();
});

const probing = <T>(work: () => Promise<T>) => whileProbing(srv, work, { gapMs: 25 });

const brief = (audience: string) =>
  c.post('/v1/reports/campaign-brief', { matter_id: matterId, audience, include_sections: ['assets'] });

describe(`a claimant brief over ${WALLETS} wallets`, () => {
  test('does not hold the event loop, and costs little more than the internal brief', async () => {
    const internal = await probing(() => brief('internal'));
    expectStatus(internal.result, 201, 'internal brief');
    const made = await probing(() => brief('claimant'));
    expectStatus(made.result, 201, 'claimant brief');
    const text = JSON.stringify(made.result.body).toLowerCase();
    assert.equal(made.result.body.sections[0].data.wallets.length, WALLETS);
    assert.ok(!addresses.some((a) => text.includes(a)), 'no full address');
    console.log(`over ${WALLETS} wallets: internal brief ${internal.summary}; claimant brief ${made.summary}`);
    assert.deepEqual(made.stalls, [], made.summary);
    assert.ok(made.ms < internal.ms + 1000, `the claimant brief took ${made.ms.toFixed(0)} ms`);
  });
});
