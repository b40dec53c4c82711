/**
 * A local EVM node for the evm_rpc tests: ganache (from npm) on 127.0.0.1, one funded account of
 * our own, and the two tokens of TestTokens.sol (compiled.json, see compile.ts) deployed by it.
 * viem signs locally and sends eth_sendRawTransaction, so every call is real JSON-RPC over HTTP.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ganache from 'ganache';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const compiled = JSON.parse(readFileSync(path.join(import.meta.dirname, 'compiled.json'), 'utf8')) as {
  contracts: Record<'TestToken' | 'BlackListToken', { abi: Abi; bytecode: Hex }>;
};
const KEY = `0x${'11'.repeat(32)}` as Hex;
const CHAIN_ID = 1337;

export interface LocalChain {
  /** The node's JSON-RPC URL (for MD_RPC_URL_<NETWORK> or evmRpcChain). */
  url: string;
  /** The one funded account: it deploys, owns and mints both tokens. */
  deployer: PrivateKeyAccount;
  /** The USDT-style BlackListToken (6 decimals, isBlackListed). */
  usdt: Address;
  /** The plain TestToken, 'Test Token' / TST with 18 decimals. */
  tst: Address;
  /** Mints as the owner; every write below waits for its receipt and asserts it succeeded. */
  mint(token: Address, to: Address, amount: bigint): Promise<TransactionReceipt>;
  /** ERC-20 transfer from the deployer. */
  transfer(token: Address, to: Address, amount: bigint): Promise<TransactionReceipt>;
  /** The issuer's addBlackList on the USDT-style token. */
  blacklist(holder: Address): Promise<TransactionReceipt>;
  /** Native ether from the deployer. */
  sendEther(to: Address, wei: bigint): Promise<TransactionReceipt>;
  stop(): Promise<void>;
}

/** Tether's USDT contract on Ethereum (data/stablecoins/issuers.json). */
export const TETHER_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7' as Address;

/** Starts the node on a free port and deploys BlackListToken, then TestToken (one block each). */
export async function startChain(opts: { usdtAtTether?: boolean } = {}): Promise<LocalChain> {
  const deployer = privateKeyToAccount(KEY);
  const server = ganache.server({
    logging: { quiet: true },
    wallet: { accounts: [{ secretKey: KEY, balance: `0x${parseEther('1000').toString(16)}` }] },
    chain: { chainId: CHAIN_ID },
  } as never);
  await server.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server as unknown as { address(): { port: number } }).address().port}`;
  const pub = createPublicClient({ transport: http(url) });
  const wallet = createWalletClient({ transport: http(url) });
  const chain = {
    id: CHAIN_ID,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  } as const;
  const mined = async (hash: Hex, what: string) => {
    const receipt = await pub.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success', what);
    return receipt;
  };
  const deploy = async (name: keyof typeof compiled.contracts, args: unknown[] = []) => {
    const { abi, bytecode } = compiled.contracts[name];
    const hash = await wallet.deployContract({ abi, bytecode, args, account: deployer, chain });
    return (await mined(hash, `deploy ${name}`)).contractAddress!;
  };
  // The registry knows tokens by contract, never by ticker: for a test that needs the token to be
  // Tether USDT (issuer status, stablecoin alerts), its runtime code and constructor-set slots
  // (name, symbol, decimals, totalSupply, owner: 0–4) are moved to Tether's own contract address.
  // Opt-in: ganache's state overrides upset historical balance reads (chain-history-evm).
  const deployed = await deploy('BlackListToken');
  const rpc = (method: string, params: unknown[]) =>
    (pub as unknown as { request(a: { method: string; params: unknown[] }): Promise<unknown> }).request({
      method,
      params,
    });
  const usdt = opts.usdtAtTether ? TETHER_USDT : deployed;
  if (opts.usdtAtTether) {
    await rpc('evm_setAccountCode', [usdt, await rpc('eth_getCode', [deployed, 'latest'])]);
    for (let slot = 0; slot <= 4; slot++) {
      const key = `0x${slot.toString(16).padStart(64, '0')}`;
      await rpc('evm_setAccountStorageAt', [usdt, key, await rpc('eth_getStorageAt', [deployed, key, 'latest'])]);
    }
  }
  const tst = await deploy('TestToken', ['Test Token', 'TST', 18]);
  // TestToken's mint and transfer are inherited, so BlackListToken's ABI encodes them for both.
  const write = async (address: Address, functionName: string, args: unknown[]) => {
    const abi = compiled.contracts.BlackListToken.abi;
    return mined(
      await wallet.writeContract({ address, abi, functionName, args, account: deployer, chain }),
      functionName,
    );
  };
  return {
    url,
    deployer,
    usdt,
    tst,
    mint: (token, to, amount) => write(token, 'mint', [to, amount]),
    transfer: (token, to, amount) => write(token, 'transfer', [to, amount]),
    blacklist: (holder) => write(usdt, 'addBlackList', [holder]),
    sendEther: async (to, wei) =>
      mined(await wallet.sendTransaction({ to, value: wei, account: deployer, chain }), 'send ether'),
    stop: () => server.close(),
  };
}
