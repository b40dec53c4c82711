/**
 * The evm_rpc chain source against a real local EVM node (ganache, from npm, on 127.0.0.1):
 * ERC-20 contracts compiled with solc-js (tests/evm/compile.ts → compiled.json) are deployed,
 * then the source reads a native and token balances, Transfer logs across a block range in
 * bounded chunks with progress, and the USDT-style isBlackListed before and after addBlackList.
 * No mocked JSON-RPC: every call goes over HTTP to the node.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ganache from 'ganache';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { evmRpcChain } from '../src/server/services/chain/evm-rpc';
import { getChainSource, type Progress } from '../src/server/services/chain/source';
import { computeStablecoinExposure } from '../src/server/services/crypto/stablecoin-exposure';
import type { Ctx, Db } from '../src/server/context';

const compiled = JSON.parse(readFileSync('tests/evm/compiled.json', 'utf8')) as {
  contracts: Record<string, { abi: Abi; bytecode: Hex }>;
};
let server: ReturnType<typeof ganache.server>;
let url: string;
const KEY = `0x${'11'.repeat(32)}` as Hex;
const deployer = privateKeyToAccount(KEY);
let usdt: Address;
let tst: Address;
const holder = '0x00000000000000000000000000000000000b0b0b' as Address;
const other = '0x000000000000000000000000000000000000ca11' as Address;
let firstBlock: bigint;

before(async () => {
  // A key of our own: viem signs locally and sends eth_sendRawTransaction.
  server = ganache.server({
    logging: { quiet: true },
    wallet: { accounts: [{ secretKey: KEY, balance: `0x${parseEther('1000').toString(16)}` }] },
    chain: { chainId: 1337 },
  } as never);
  await server.listen(0, '127.0.0.1');
  const addr = (server as unknown as { address(): { port: number } }).address();
  url = `http://127.0.0.1:${addr.port}`;
  const pub = createPublicClient({ transport: http(url) });
  const wallet = createWalletClient({ transport: http(url) });
  const from = deployer;
  const chain = {
    id: 1337,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  } as const;
  const deploy = async (name: string, args: unknown[] = []) => {
    const hash = await wallet.deployContract({
      abi: compiled.contracts[name].abi,
      bytecode: compiled.contracts[name].bytecode,
      args,
      account: from,
      chain,
    });
    return (await pub.waitForTransactionReceipt({ hash })).contractAddress!;
  };
  const write = async (address: Address, name: string, functionName: string, args: unknown[], account = from) => {
    const hash = await wallet.writeContract({
      address,
      abi: compiled.contracts[name].abi,
      functionName,
      args,
      account,
      chain,
    });
    const r = await pub.waitForTransactionReceipt({ hash });
    assert.equal(r.status, 'success', `${functionName}`);
    return r;
  };
  usdt = await deploy('BlackListToken');
  tst = await deploy('TestToken', ['Test Token', 'TST', 18]);
  firstBlock = (await write(usdt, 'BlackListToken', 'mint', [from.address, parseUnits('10000', 6)])).blockNumber;
  await write(usdt, 'BlackListToken', 'transfer', [holder, parseUnits('2500.5', 6)]);
  await write(tst, 'TestToken', 'mint', [holder, parseEther('7')]);
  await write(usdt, 'BlackListToken', 'transfer', [other, parseUnits('1', 6)]);
  await write(usdt, 'BlackListToken', 'transfer', [holder, parseUnits('100', 6)]);
  const h = await wallet.sendTransaction({ to: holder, value: parseEther('1.5'), account: from, chain });
  await pub.waitForTransactionReceipt({ hash: h });
  (globalThis as Record<string, unknown>).__write = write;
});
after(async () => server?.close());

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

test('Transfer logs across a block range, in bounded chunks with progress', async () => {
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
  const write = (globalThis as Record<string, unknown>).__write as (
    a: Address,
    n: string,
    f: string,
    args: unknown[],
  ) => Promise<unknown>;
  await write(usdt, 'BlackListToken', 'addBlackList', [holder]);
  const afterwards = await src.issuerStatus(usdt, 'isBlackListed(address) [public mapping]', holder);
  assert.equal(afterwards!.frozen, true);
  assert.ok(afterwards!.block_number! > before!.block_number!);
  assert.equal((await src.issuerStatus(usdt, 'getBlackListStatus(address _maker)', holder))!.frozen, true);
  assert.equal((await src.issuerStatus(usdt, 'isBlackListed(address)', other))!.frozen, false);
});

test('a production key reads evm_rpc from MD_RPC_URL_<NETWORK>; exposure carries the on-chain freeze status', async () => {
  const ctx = {
    org: { id: 'org_x', parent_id: null, features: [], pinned_version: '2026-06-11' },
    env: 'production',
  } as unknown as Ctx;
  const noDb = {} as Db; // evm_rpc never touches the database
  delete process.env.MD_RPC_URL_ETHEREUM;
  const missing = getChainSource(ctx, noDb, 'ethereum');
  assert.equal(missing.available, false);
  assert.match(missing.missing!, /MD_RPC_URL_ETHEREUM/);
  process.env.MD_RPC_URL_ETHEREUM = url;
  try {
    const src = getChainSource(ctx, noDb, 'ethereum');
    assert.equal(src.source, 'evm_rpc');
    const items = await computeStablecoinExposure(ctx, noDb, {
      wallets: [
        {
          address: holder,
          key: holder.toLowerCase(),
          network: 'ethereum',
          wallet_id: null,
          role: 'unknown',
          confidence: null,
          source_refs: [],
        },
      ],
    });
    assert.equal(items.length, 1);
    assert.match(items[0].issuer, /^Tether/);
    assert.equal(items[0].amount, '2600.5');
    assert.equal(items[0].onchain_status!.frozen, true);
    assert.match(items[0].freeze_capability_notes, /isBlackListed\(address\) reads frozen at block \d+/);
  } finally {
    delete process.env.MD_RPC_URL_ETHEREUM;
  }
});
