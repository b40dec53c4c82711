/**
 * evm_rpc histories against a real local EVM node (ganache): native transfers, the whole history
 * (not a look-back window) walked in bounded runs that resume from a cursor stored in the
 * tenant's database (PGlite or PostgreSQL), and the same node standing in for Tron's
 * Ethereum-compatible JSON-RPC with base58 `T…` wallets. No mocked JSON-RPC.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEther, parseUnits, type Address } from 'viem';
import { evmRpcChain } from '../src/server/services/chain/evm-rpc';
import { getChainSource } from '../src/server/services/chain/source';
import { hexToTron, tronToEvm } from '../src/server/domain/crypto/tron-address';
import { startChain, type LocalChain } from './evm/chain';
import { scratchDb } from './helpers/scratch-db';
import { serviceCtx } from './helpers/service-ctx';

let chain: LocalChain;
const alice = '0x00000000000000000000000000000000000a11ce' as Address;
const bob = '0x0000000000000000000000000000000000000b0b' as Address;
const scratch = scratchDb('md_chainhist');
let db: import('../src/server/db/client').PrismaClient;
let closeDb: () => Promise<void>;
const ctx = serviceCtx('org_hist', 'production', 'key_hist');

const mineEmpty = async (n: number) => {
  for (let i = 0; i < n; i++)
    await fetch(chain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'evm_mine', params: [] }),
    });
};
const withEnv = async <T>(env: Record<string, string>, fn: () => Promise<T>) => {
  const old = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(old))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
};

before(async () => {
  await scratch.open();
  const client = await import('../src/server/db/client');
  db = (await client.getDb()) as typeof db;
  closeDb = client.closeDb;
  chain = await startChain();
  // Alice: 2 ETH and 500 USDT early, then 30 quiet blocks, then 0.25 ETH to Bob.
  await chain.sendEther(alice, parseEther('2'));
  await chain.mint(chain.usdt, alice, parseUnits('500', 6));
  await mineEmpty(30);
  await chain.sendEther(bob, parseEther('0.25'));
});
after(async () => {
  await chain?.stop();
  await closeDb?.();
  await scratch.drop();
});

test('native transfers are found beyond the old look-back window, from the start block on', async () => {
  // The old reader saw the last MD_RPC_LOOKBACK_BLOCKS blocks only: 5 here, which misses Alice's 2 ETH.
  await withEnv({ MD_RPC_LOOKBACK_BLOCKS: '5' }, async () => {
    const src = evmRpcChain('ethereum', chain.url);
    const ts = await src.transfers([alice.toLowerCase()]);
    assert.deepEqual(
      ts.map((t) => [t.asset, t.amount, t.from === alice.toLowerCase() ? 'out' : 'in']),
      [
        ['ETH', '2', 'in'],
        ['USDT', '500', 'in'],
      ],
    );
    const cov = src.coverage()!;
    assert.equal(cov.from_block, 0);
    assert.equal(cov.complete, true);
    assert.equal(cov.to_block, cov.head_block);
  });
});

test('quiet stretches are skipped by balance and nonce: 30+ blocks read with far fewer block calls', async () => {
  // 30 calls cannot read the 35 blocks one by one; the balance/nonce bisection skips the quiet ones.
  await withEnv({ MD_RPC_SCAN_CALLS: '30' }, async () => {
    const src = evmRpcChain('ethereum', chain.url);
    const ts = await src.transfers([bob.toLowerCase()]);
    assert.deepEqual(
      ts.map((t) => [t.asset, t.amount]),
      [['ETH', '0.25']],
    );
    assert.equal(src.coverage()!.complete, true);
    // Without historical state (Tron's JSON-RPC) every block is read: the same budget stops
    // short, and says how far it got instead of answering as if the history were whole.
    const plain = evmRpcChain('tron', chain.url);
    await plain.transfers([hexToTron(bob)!]);
    const cov = plain.coverage()!;
    assert.equal(cov.complete, false);
    assert.ok(cov.to_block < 30, `read to block ${cov.to_block}`);
  });
});

test('bounded runs resume from the cursor stored in the database until the history is whole', async () => {
  await withEnv({ MD_RPC_URL_ETHEREUM: chain.url, MD_RPC_SCAN_WINDOW: '10' }, async () => {
    const key = alice.toLowerCase();
    const runs = [];
    for (let i = 0; i < 10; i++) {
      const src = getChainSource(ctx, db, 'ethereum');
      const ts = await src.transfers([key]);
      runs.push({ cov: src.coverage!()!, n: ts.length });
      if (runs.at(-1)!.cov.complete) break;
    }
    assert.ok(runs.length >= 3, `several runs: ${runs.length}`);
    assert.equal(runs[0].cov.to_block, 9, 'the first run reads blocks 0–9');
    assert.ok(!runs[0].cov.complete);
    for (let i = 1; i < runs.length; i++) assert.ok(runs[i].cov.to_block > runs[i - 1].cov.to_block, 'continues');
    assert.equal(runs.at(-1)!.n, 2, 'the whole history: 2 ETH and 500 USDT in');
    const [cur] = await db.$queryRaw<{ next_block: bigint }[]>`
      SELECT next_block FROM chain_scan_cursors WHERE org_id = 'org_hist' AND network = 'ethereum' AND address_key = ${key}`;
    assert.equal(Number(cur.next_block), runs.at(-1)!.cov.to_block + 1);
    // Another tenant starts from the beginning: cursors and transfers are per tenant.
    const other = getChainSource(serviceCtx('org_other', 'production', 'k'), db, 'ethereum');
    await other.transfers([key]);
    assert.equal(other.coverage!()!.to_block, 9);
  });
});

test('Tron: T… wallets over the Ethereum-compatible JSON-RPC (hex on the wire), TRC-20 and TRX, blacklist status', async () => {
  const tAlice = hexToTron(alice)!;
  const tUsdt = hexToTron(chain.usdt)!;
  assert.match(tAlice, /^T/);
  assert.equal(tronToEvm(tAlice), alice.toLowerCase(), 'both ways');
  assert.equal(tronToEvm(tUsdt), chain.usdt.toLowerCase());
  await withEnv({ MD_RPC_URL_TRON: chain.url }, async () => {
    const src = getChainSource(ctx, db, 'tron');
    assert.equal(src.source, 'evm_rpc');
    const ts = await src.transfers([tAlice]);
    // Ganache's ether stands in for TRX: TRX has 6 decimals, so 2 ETH (2e18 wei) reads as 2e12 TRX.
    assert.deepEqual(
      ts.map((t) => [t.asset, t.amount, t.from, t.to]),
      [
        ['TRX', '2000000000000', hexToTron(chain.deployer.address), tAlice],
        ['USDT', '500', hexToTron('0x0000000000000000000000000000000000000000'), tAlice],
      ],
    );
    assert.equal((ts[1] as { contract?: string }).contract, tUsdt, 'contracts come back as T… too');
    const hs = await src.balances(tAlice);
    assert.deepEqual(
      hs.map((h) => [h.asset, h.contract, h.amount]),
      [
        ['TRX', null, '2000000000000'],
        ['USDT', tUsdt, '500'],
      ],
    );
    assert.equal((await src.issuerStatus(tUsdt, 'isBlackListed(address)', tAlice))!.frozen, false);
    await chain.blacklist(alice);
    assert.equal((await src.issuerStatus(tUsdt, 'isBlackListed(address)', tAlice))!.frozen, true);
    assert.equal((await src.issuerStatus(tUsdt, 'getBlackListStatus(address)', tAlice))!.frozen, true);
    assert.ok(src.notes!.some((n) => /internal \(contract\) transfers/.test(n)));
  });
});

test('Bitcoin has no production source: the source says it is sandbox-only', () => {
  const src = getChainSource(ctx, db, 'bitcoin');
  assert.equal(src.available, false);
  assert.match(src.missing!, /sandbox chain only/);
});

test('Solana has no production source: evm_rpc cannot read it, even with an MD_RPC_URL_SOLANA set', async () => {
  await withEnv({ MD_RPC_URL_SOLANA: chain.url }, async () => {
    const src = getChainSource(ctx, db, 'solana');
    assert.equal(src.available, false);
    assert.equal(src.source, 'none');
    assert.match(src.missing!, /Solana is read on the sandbox chain only/);
    assert.deepEqual(await src.balances('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), []);
  });
});
