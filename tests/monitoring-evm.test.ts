/**
 * The scanner on evm_rpc against a real local EVM node (ganache on 127.0.0.1, contracts from
 * tests/evm compiled with solc-js): a production watchlist on ethereum follows new blocks, and
 * an ERC-20 Transfer out of the watched address raises a wallet_movement alert naming the
 * transaction; a Transfer into it of the USDT-style token raises stablecoin exposure.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUnits } from 'viem';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { productionAdminKey } from './helpers/production-key';
import { waitForAlert, watchlistBody } from './helpers/fixtures-monitoring';
import { SOURCE } from './helpers/client';
import { startChain, type LocalChain } from './evm/chain';

let chain: LocalChain;
let srv: TestServer;
let prod: Client;

before(async () => {
  chain = await startChain({ usdtAtTether: true }); // the registry knows Tether USDT by its contract
  srv = await startServer({ MD_RPC_URL_ETHEREUM: chain.url, MD_MONITOR_POLL_MS: '200' });
  const sandbox = client(srv.url, srv.adminKey);
  const orgId = (await sandbox.get('/v1/organizations')).body.data.find(
    (o: any) => o.parent_id === null,
  ).organization_id;
  prod = client(srv.url, await productionAdminKey(srv, orgId));
});
after(async () => {
  await srv?.stop();
  await chain?.stop();
});

test('a Transfer of a watched address on the local EVM node raises its alerts', { timeout: 120_000 }, async () => {
  const { usdt, deployer } = chain;
  await chain.mint(usdt, deployer.address, parseUnits('10000', 6));

  const m = await prod.post('/v1/matters', {
    name: 'EVM watch',
    mode: 'enforcement',
    economics: { contingency_fee_pct: 25, currency: 'USD' },
  });
  expectStatus(m, 201, 'matter');
  const g = await prod.post(`/v1/matters/${m.body.matter_id}/authority`, {
    basis: 'engagement_letter',
    granted_by: 'Jane Counsel',
    source_refs: [SOURCE],
  });
  expectStatus(g, 201, 'grant');
  const w = await prod.post('/v1/watchlists', watchlistBody(m.body.matter_id, [deployer.address.toLowerCase()]));
  expectStatus(w, 201, 'watchlist');
  // The cursor starts at the node's head on its first scan: wait for it before moving funds.
  await new Promise((r) => setTimeout(r, 1500));
  const out = await chain.transfer(usdt, '0x000000000000000000000000000000000000ca11', parseUnits('2500', 6));
  const a = await waitForAlert(prod, `matter_id=${m.body.matter_id}&type=wallet_movement`, () => true, 20_000);
  assert.equal(a.evidence.transaction_hash, out.transactionHash);
  assert.equal(a.evidence.asset, 'USDT');
  assert.equal(a.evidence.amount.amount_decimal, '2500');
  assert.equal(a.evidence.counterparty.toLowerCase(), '0x000000000000000000000000000000000000ca11');
});
