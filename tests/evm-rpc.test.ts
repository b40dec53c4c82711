/**
 * The evm_rpc chain source against a real local EVM node (ganache, from npm, on 127.0.0.1):
 * ERC-20 contracts compiled with solc-js (tests/evm/compile.ts → compiled.json) are deployed,
 * then the source reads a native and token balances, Transfer logs across a block range in
 * bounded chunks with progress, and the USDT-style isBlackListed before and after addBlackList.
 * No mocked JSON-RPC: every call goes over HTTP to the node.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEther, parseUnits, type Address } from 'viem';
import { evmRpcChain } from '../src/server/services/chain/evm-rpc';
import { getChainSource, type Progress } from '../src/server/services/chain/source';
import { computeStablecoinExposure } from '../src/server/services/crypto/stablecoin-exposure';
import { startChain, type LocalChain } from './evm/chain';
import { ethereumWallet, noDb, productionCtx as ctx } from './evm/rpc-only';

let chain: LocalChain;
let url: string;
let usdt: Address;
const holder = '0x00000000000000000000000000000000000b0b0b' as Address;
const other = '0x000000000000000000000000000000000000ca11' as Address;
let firstBlock: bigint;

before(async () => {
  chain = await startChain({ usdtAtTether: true }); // the registry knows Tether USDT by its contract
  ({ url, usdt } = chain);
  firstBlock = (await chain.mint(usdt, chain.deployer.address, parseUnits('10000', 6))).blockNumber;
  await chain.transfer(usdt, holder, parseUnits('2500.5', 6));
  await chain.mint(chain.tst, holder, parseEther('7'));
  await chain.transfer(usdt, other, parseUnits('1', 6));
  await chain.transfer(usdt, holder, parseUnits('100', 6));
  await chain.sendEther(holder, parseEther('1.5'));
});
after(async () => chain?.stop());

test('balance read: native and ERC-20 balances of tokens seen in Transfer logs', async () => {
  const src = evmRpcChain('ethereum', url);
  const b = await src.balances(holder.toLowerCase());
  const by = Object.fromEntries(b.map((h) => [h.asset, h]));
  assert.equal(by.ETH.amount, '1.5');
  assert.equal(by.ETH.contract, null);
  assert.equal(by.USDT.amount, '2600.5');
  assert.equal(by.USDT.contract, usdt.toLowerCase());
  assert.equal(by.TST.amount, '7');
  const head = await src.head();
  assert.ok(head.block_number! >= Number(firstBlock) + 4);
});

test('a history: token Transfer logs in bounded chunks with progress, and the native transfer', async () => {
  process.env.MD_RPC_LOG_CHUNK = '2';
  try {
    const src = evmRpcChain('ethereum', url);
    const progress: Progress[] = [];
    const ts = await src.transfers([holder.toLowerCase()], {}, (p) => progress.push(p));
    assert.deepEqual(
      ts.map((t) => [t.asset, t.amount]),
      [
        ['USDT', '2500.5'],
        ['TST', '7'],
        ['USDT', '100'],
        ['ETH', '1.5'],
      ],
    );
    assert.ok(
      ts.every((t, i) => i === 0 || t.block_number! > ts[i - 1].block_number!),
      'oldest first',
    );
    assert.ok(ts.every((t) => t.to === holder.toLowerCase() && t.timestamp instanceof Date));
    assert.ok(progress.length >= 4, `several chunks: ${progress.length}`);
    assert.equal(progress.at(-1)!.done, progress.at(-1)!.total);
    const head = BigInt((await src.head()).block_number!);
    const all = await src.transferLogs(null, firstBlock, head);
    assert.equal(all.length, 5, 'mint, 3 USDT transfers and the TST mint');
    const window = await src.transferLogs(null, firstBlock + 1n, firstBlock + 2n);
    assert.deepEqual(
      window.map((t) => t.asset),
      ['USDT', 'TST'],
    );
  } finally {
    delete process.env.MD_RPC_LOG_CHUNK;
  }
});

test('isBlackListed before and after addBlackList, read through the issuer check function', async () => {
  const src = evmRpcChain('ethereum', url);
  const before = await src.issuerStatus(usdt, 'isBlackListed(address) [public mapping]', holder);
  assert.equal(before!.frozen, false);
  assert.equal(before!.function, 'isBlackListed(address)');
  await chain.blacklist(holder);
  const afterwards = await src.issuerStatus(usdt, 'isBlackListed(address) [public mapping]', holder);
  assert.equal(afterwards!.frozen, true);
  assert.ok(afterwards!.block_number! > before!.block_number!);
  assert.equal((await src.issuerStatus(usdt, 'getBlackListStatus(address _maker)', holder))!.frozen, true);
  assert.equal((await src.issuerStatus(usdt, 'isBlackListed(address)', other))!.frozen, false);
});

test('a production key reads evm_rpc from MD_RPC_URL_<NETWORK>; exposure carries the on-chain freeze status', async () => {
  delete process.env.MD_RPC_URL_ETHEREUM;
  const missing = getChainSource(ctx, noDb, 'ethereum');
  assert.equal(missing.available, false);
  assert.match(missing.missing!, /MD_RPC_URL_ETHEREUM/);
  process.env.MD_RPC_URL_ETHEREUM = url;
  try {
    const src = getChainSource(ctx, noDb, 'ethereum');
    assert.equal(src.source, 'evm_rpc');
    const items = await computeStablecoinExposure(ctx, noDb, { wallets: [ethereumWallet(holder)] });
    assert.equal(items.length, 1);
    assert.match(items[0].issuer, /^Tether/);
    assert.equal(items[0].amount, '2600.5');
    assert.equal(items[0].onchain_status!.frozen, true);
    assert.match(items[0].freeze_capability_notes, /isBlackListed\(address\) reads frozen at block \d+/);
  } finally {
    delete process.env.MD_RPC_URL_ETHEREUM;
  }
});
