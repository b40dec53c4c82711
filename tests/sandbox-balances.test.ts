/**
 * The sandbox chain's running balances (sandbox_balances, kept by a statement trigger on
 * sandbox_transfers): whatever way transfers arrive (the API, one SQL statement of many rows
 * touching an address on both sides, tokens with and without a contract), each balance is the
 * exact sum one aggregate over the address's transfers gives, and the asset map reads it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { sandboxTransfer } from './helpers/fixtures-chain';

let srv: TestServer;
let c: Client;
let kit: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
});
after(async () => srv?.stop());

const A = '0x00000000000000000000000000000000ba1a0001';
const B = '0x00000000000000000000000000000000ba1a0002';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const FAKE = '0x00000000000000000000000000000000fa4e0001';

/** The aggregate the trigger must agree with, per address, asset and contract. */
const AGGREGATE = `
  SELECT address, asset, coalesce(token_contract, '') AS contract_key, sum(v)::text AS amount FROM (
    SELECT to_address AS address, asset, token_contract, amount AS v FROM sandbox_transfers WHERE org_id = $1
    UNION ALL SELECT from_address, asset, token_contract, -amount FROM sandbox_transfers WHERE org_id = $1) d
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const KEPT = `SELECT address, asset, contract_key, amount::text AS amount FROM sandbox_balances WHERE org_id = $1 ORDER BY 1, 2, 3`;

test('running balances equal the aggregate over every transfer, however the transfers arrived', async () => {
  const m = await kit.matter();
  const org_id = kit.orgId;
  // Through the API: a registry token by ticker (its canonical contract), an unverified one by
  // contract, and the native coin (no contract).
  const post = (body: Record<string, unknown>) => sandboxTransfer(kit, { network: 'ethereum', ...body });
  await post({ from_address: A, to_address: B, asset: 'USDT', amount: '1250.5' });
  await post({ from_address: B, to_address: A, asset: 'USDT', amount: '0.000001' });
  await post({ from_address: A, to_address: B, asset: 'USDT', token_contract: FAKE, amount: '99' });
  await post({ from_address: B, to_address: A, asset: 'ETH', amount: '3.25' });
  // In SQL, one statement of many rows with A on both sides (the trigger sees them as one set).
  // One batch: on PGlite each srv.sql stops and restarts the server.
  const [, kept, aggregate] = await srv.sqlBatch([
    [
      `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, token_contract, amount, timestamp)
     SELECT '0x' || md5('sb' || i) || md5('sb2' || i), $1, 'sandbox', 'ethereum',
            CASE WHEN i % 2 = 0 THEN $2 ELSE $3 END, CASE WHEN i % 2 = 0 THEN $3 ELSE $2 END,
            'USDT', $4, i * 1.5, now() - interval '1 minute' * i
     FROM generate_series(1, 501) i`,
      [org_id, A, B, USDT],
    ],
    [KEPT, [org_id]],
    [AGGREGATE, [org_id]],
  ]);
  assert.deepEqual(kept, aggregate);
  assert.equal(kept.length, 6, 'two addresses × (USDT, unverified USDT, ETH)');

  // The asset map shows the kept balance. B's USDT: 1250.5 in and 0.000001 out through the API,
  // then 1.5 × (2 + 4 + … + 500) = 94,125 in and 1.5 × (1 + 3 + … + 501) = 94,501.5 out.
  const map = await c.post('/v1/crypto/asset-map', { matter_id: m, wallets: [{ address: B, network: 'ethereum' }] });
  expectStatus(map, 200, 'asset map');
  const usdt = map.body.token_exposures.find((e: any) => e.asset === 'USDT' && e.token_status !== 'unverified');
  assert.equal(String(usdt.amount), '873.999999');
  const eth = map.body.token_exposures.find((e: any) => e.asset === 'ETH');
  assert.equal(String(eth.amount), '-3.25');
});
