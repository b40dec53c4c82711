/**
 * A packet of a full matter: an exchange-intercept packet listing 1,000 wallets (the most a
 * packet takes), each with a history on the sandbox chain, is created within 2 s of the
 * server's main-thread CPU while `/healthz` keeps answering (tests/helpers/loop-probe.ts).
 * The exchange hypotheses that packets put in their contents read the wallets' histories per
 * network in one batch: read a wallet at a time, the same packet took 8-9 s and held its
 * transaction that long (a 500 in CI on 2026-12-06, when a loaded machine stretched it past
 * the 30 s transaction limit). PostgreSQL only, as every `*-load` suite (docs/testing.md).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sqlRecorder, startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COINBASE_WALLET, packetBody, packetSetup } from './helpers/fixtures-packets';
import { whileProbing } from './helpers/loop-probe';

let srv: TestServer;
let c: Client;
let kit: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
});
after(async () => srv?.stop());

const BOUND_MS = 2000;
const WALLETS = 1000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
/** The seed's address of wallet `w` (1-based), as the SQL below writes it. */
const walletAddress = (w: number) => `0x${md5(`pk${w}`)}${md5(`pk2${w}`).slice(0, 8)}`;

test('a packet of 1,000 wallets with histories: within the bound, /healthz not stalled', async (t) => {
  const s = await packetSetup(kit);
  // Each wallet is paid 10 times; every tenth also deposits at a labelled Coinbase address.
  const { sql, statements } = sqlRecorder();
  const wallet = `'0x' || md5('pk' || w) || substr(md5('pk2' || w), 1, 8)`;
  await sql(
    `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, amount, timestamp)
     SELECT '0x' || md5('pt' || w || ':' || i) || md5('pt2' || w || ':' || i), $1, 'sandbox', 'ethereum',
            '0x' || md5('pp' || w || ':' || i) || substr(md5('pp2' || w), 1, 8), ${wallet}, 'USDT', 5 + i % 3,
            now() - interval '1 minute' * (w * 20 + i)
     FROM generate_series(1, $2::int) w, generate_series(1, 10) i`,
    [kit.orgId, WALLETS],
  );
  await sql(
    `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, amount, timestamp)
     SELECT '0x' || md5('pd' || w) || md5('pd2' || w), $1, 'sandbox', 'ethereum', ${wallet}, $3, 'USDT', 40,
            now() - interval '1 minute' * (w * 20)
     FROM generate_series(10, $2::int, 10) w`,
    [kit.orgId, WALLETS, COINBASE_WALLET],
  );
  await sql('ANALYZE sandbox_transfers');
  await srv.sqlBatch(statements);
  const wallets = Array.from({ length: WALLETS }, (_, i) => walletAddress(i + 1));
  const body = packetBody(s, { wallets });
  const run = await whileProbing(srv, () => c.post('/v1/packets/exchange-intercept', body));
  expectStatus(run.result, 200);
  const { cpu } = run;
  t.diagnostic(`1,000 wallets: ${run.ms.toFixed(0)} ms, main-thread CPU ${cpu ?? '?'} ms; ${run.summary}`);
  const hypotheses = run.result.body.contents.exchange_hypotheses;
  // One hypothesis for each depositing wallet (a direct deposit at a labelled address), on its
  // own wallet: the batch filed each history under its wallet. The packet goes to Coinbase.
  const depositors = wallets.filter((_, i) => (i + 1) % 10 === 0);
  assert.deepEqual(
    hypotheses.map((h: any) => [h.wallet.toLowerCase(), h.basis, h.exchange]),
    depositors.map((w) => [w, 'counterparty', 'coinbase']),
  );
  assert.equal(run.result.body.recipient?.counterparty_name, 'Coinbase, Inc.');
  assert.deepEqual(run.stalls, [], run.summary);
  if (cpu !== null) assert.ok(cpu < BOUND_MS, `main-thread CPU ${cpu} ms; ${run.summary}`);
});
