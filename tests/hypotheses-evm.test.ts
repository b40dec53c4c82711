/**
 * Issue 31, part 3 on production's source: the deposit heuristic's input read from a real EVM
 * node (ganache) through evm_rpc. The sandbox chain answers `hypothesisTransfers` (a filtered
 * read); evm_rpc answers with the wallet's whole history, walked in bounded resumable runs, and
 * the second hop (the payee's sweep) through `outgoing` over the wallet's window. This proves the
 * production source gives the heuristic what it needs: a debtor's 9,000 USDT to a fresh address
 * that sweeps 8,990 to a labelled Binance hot wallet within minutes is a deposit pattern resting
 * on both transfers.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWalletClient, http, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { computeExchangeHypotheses } from '../src/server/services/crypto/hypotheses';
import { getChainSource } from '../src/server/services/chain/source';
import { startChain, type LocalChain } from './evm/chain';
import { serviceCtx } from './helpers/service-ctx';
import { BINANCE_9 } from './helpers/fixtures-chain';

const debtorKey = `0x${'22'.repeat(32)}` as Hex;
const depositKey = `0x${'33'.repeat(32)}` as Hex;
const debtor = privateKeyToAccount(debtorKey);
const deposit = privateKeyToAccount(depositKey);
const ctx = serviceCtx('org_hypevm', 'production', 'key_hypevm');
let chain: LocalChain;
let oldUrl: string | undefined;

/** An ERC-20 transfer signed by `from` (a key of our own), mined before it returns. */
async function tokenTransfer(fromKey: Hex, to: Address, amount: bigint) {
  const account = privateKeyToAccount(fromKey);
  const wallet = createWalletClient({ transport: http(chain.url) });
  const local = {
    id: 1337,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.url] } },
  } as const;
  const hash = await wallet.writeContract({
    address: chain.usdt,
    abi: [
      {
        type: 'function',
        name: 'transfer',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
        ],
        outputs: [{ type: 'bool' }],
      },
    ],
    functionName: 'transfer',
    args: [to, amount],
    account,
    chain: local,
  });
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
  });
  const receipt = (await res.json()) as { result: { status: string } | null };
  assert.equal(receipt.result?.status, '0x1', 'transfer mined');
}

before(async () => {
  // The token is Tether's USDT by contract (the registry knows it), so amounts match as USDT.
  chain = await startChain({ usdtAtTether: true });
  oldUrl = process.env.MD_RPC_URL_ETHEREUM;
  process.env.MD_RPC_URL_ETHEREUM = chain.url;
  await chain.sendEther(debtor.address, parseEther('1'));
  await chain.sendEther(deposit.address, parseEther('1'));
  await chain.mint(chain.usdt, debtor.address, parseUnits('10000', 6));
  await tokenTransfer(debtorKey, deposit.address, parseUnits('9000', 6));
  await tokenTransfer(depositKey, BINANCE_9 as Address, parseUnits('8990', 6));
});
after(async () => {
  if (oldUrl === undefined) delete process.env.MD_RPC_URL_ETHEREUM;
  else process.env.MD_RPC_URL_ETHEREUM = oldUrl;
  await chain?.stop();
});

test('evm_rpc gives the deposit heuristic both hops: a deposit pattern to Binance resting on them', async () => {
  const src = getChainSource(ctx, {} as never, 'ethereum');
  assert.equal(src.source, 'evm_rpc');
  assert.equal(src.hypothesisTransfers, undefined, 'evm_rpc answers with whole histories instead');
  const key = debtor.address.toLowerCase();
  const out = await computeExchangeHypotheses(ctx, {} as never, {
    matter_id: 'mtr_hypevm',
    wallets: [
      {
        address: debtor.address,
        key,
        network: 'ethereum',
        wallet_id: null,
        role: 'debtor_owned',
        confidence: null,
        source_refs: [],
      },
    ],
    readiness: { authority_in_effect: true, collection_paused: false, relationships: new Set(['binance']) },
  });
  const h = out.items.find((i) => i.basis === 'deposit_pattern');
  assert.ok(h, JSON.stringify(out.items));
  assert.equal(h.exchange, 'binance');
  assert.equal(h.exchange_address.toLowerCase(), BINANCE_9);
  assert.equal(h.packet_readiness, 'ready');
  const facts = h.facts.join(' ');
  assert.match(facts, /9000/, facts);
  assert.match(facts, /8990/, facts);
  assert.equal(
    out.items.some((i) => i.basis === 'counterparty'),
    false,
    'the debtor never paid Binance directly',
  );
});
