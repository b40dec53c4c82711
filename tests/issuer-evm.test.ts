/**
 * Issuer remediation against a real local EVM node (ganache + the solc-js USDT-style token of
 * tests/evm, as in evm-rpc.test.ts): through a production context, the freeze packet's
 * holdings read the amount and `isBlackListed` before and after the issuer's addBlackList.
 * No mocked JSON-RPC.
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
import { remediationHoldings } from '../src/server/services/issuer/remediations';
import { stablecoinIndex } from '../src/server/services/crypto/reference-data';
import { issuerFacts } from '../src/server/domain/issuer/remediation';
import type { Ctx, Db } from '../src/server/context';

const compiled = JSON.parse(readFileSync('tests/evm/compiled.json', 'utf8')) as {
  contracts: Record<string, { abi: Abi; bytecode: Hex }>;
};
let server: ReturnType<typeof ganache.server>;
let url: string;
const KEY = `0x${'22'.repeat(32)}` as Hex;
const deployer = privateKeyToAccount(KEY);
const holder = '0x0000000000000000000000000000000000d0d0d0' as Address;
let usdt: Address;
let write: (functionName: string, args: unknown[]) => Promise<void>;

before(async () => {
  server = ganache.server({
    logging: { quiet: true },
    wallet: { accounts: [{ secretKey: KEY, balance: `0x${parseEther('100').toString(16)}` }] },
    chain: { chainId: 1337 },
  } as never);
  await server.listen(0, '127.0.0.1');
  url = `http://127.0.0.1:${(server as unknown as { address(): { port: number } }).address().port}`;
  const pub = createPublicClient({ transport: http(url) });
  const wallet = createWalletClient({ transport: http(url) });
  const chain = {
    id: 1337,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  } as const;
  const { abi, bytecode } = compiled.contracts.BlackListToken;
  const hash = await wallet.deployContract({ abi, bytecode, account: deployer, chain });
  usdt = (await pub.waitForTransactionReceipt({ hash })).contractAddress!;
  write = async (functionName, args) => {
    const h = await wallet.writeContract({ address: usdt, abi, functionName, args, account: deployer, chain });
    assert.equal((await pub.waitForTransactionReceipt({ hash: h })).status, 'success', functionName);
  };
  await write('mint', [deployer.address, parseUnits('5000', 6)]);
  await write('transfer', [holder, parseUnits('4321.123456', 6)]);
});
after(async () => server?.close());

test('freeze packet holdings on evm_rpc: the amount, and isBlackListed before and after addBlackList', async () => {
  const ctx = {
    org: { id: 'org_x', parent_id: null, features: [], pinned_version: '2026-06-11' },
    env: 'production',
  } as unknown as Ctx;
  const noDb = {} as Db; // evm_rpc reads the node only
  const coin = stablecoinIndex().byTicker.get('ethereum:USDT')!;
  const facts = issuerFacts(coin, 'freeze_only');
  assert.equal(facts.functions.freeze_function, 'addBlackList');
  assert.equal(facts.functions.check_function, 'isBlackListed');
  const wallets = [
    {
      address: holder,
      key: holder.toLowerCase(),
      network: 'ethereum' as const,
      wallet_id: null,
      role: 'unknown',
      confidence: null,
      source_refs: [],
    },
  ];
  process.env.MD_RPC_URL_ETHEREUM = url;
  try {
    const beforeFreeze = await remediationHoldings(ctx, noDb, coin, wallets);
    assert.equal(beforeFreeze.length, 1);
    assert.equal(beforeFreeze[0].amount, '4321.123456');
    assert.equal(beforeFreeze[0].onchain_status!.frozen, false);
    assert.equal(beforeFreeze[0].onchain_status!.function, 'isBlackListed(address)');
    assert.ok(beforeFreeze[0].onchain_status!.block_number! > 0);
    // The issuer acts (the service never signs): here the token owner blacklists the holder.
    await write('addBlackList', [holder]);
    const afterFreeze = await remediationHoldings(ctx, noDb, coin, wallets);
    assert.equal(afterFreeze[0].onchain_status!.frozen, true);
    assert.ok(afterFreeze[0].onchain_status!.block_number! > beforeFreeze[0].onchain_status!.block_number!);
    assert.equal(afterFreeze[0].status_note, null);
  } finally {
    delete process.env.MD_RPC_URL_ETHEREUM;
  }
});
