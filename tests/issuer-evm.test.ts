/**
 * Issuer remediation against a real local EVM node (ganache + the solc-js USDT-style token, from
 * tests/evm/chain.ts): through a production context, the freeze packet's
 * holdings read the amount and `isBlackListed` before and after the issuer's addBlackList.
 * No mocked JSON-RPC.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUnits, type Address } from 'viem';
import { remediationHoldings } from '../src/server/services/issuer/remediations';
import { stablecoinIndex } from '../src/server/services/crypto/reference-data';
import { issuerFacts } from '../src/server/domain/issuer/remediation';
import { startChain, type LocalChain } from './evm/chain';
import { ethereumWallet, noDb, productionCtx as ctx } from './evm/rpc-only';

let chain: LocalChain;
const holder = '0x0000000000000000000000000000000000d0d0d0' as Address;

before(async () => {
  chain = await startChain({ usdtAtTether: true }); // the registry knows Tether USDT by its contract
  await chain.mint(chain.usdt, chain.deployer.address, parseUnits('5000', 6));
  await chain.transfer(chain.usdt, holder, parseUnits('4321.123456', 6));
});
after(async () => chain?.stop());

test('freeze packet holdings on evm_rpc: the amount, and isBlackListed before and after addBlackList', async () => {
  const coin = stablecoinIndex().byTicker.get('ethereum:USDT')!;
  const facts = issuerFacts(coin, 'freeze_only');
  assert.equal(facts.functions.freeze_function, 'addBlackList');
  assert.equal(facts.functions.check_function, 'isBlackListed');
  const wallets = [ethereumWallet(holder)];
  process.env.MD_RPC_URL_ETHEREUM = chain.url;
  try {
    const beforeFreeze = await remediationHoldings(ctx, noDb, coin, wallets);
    assert.equal(beforeFreeze.length, 1);
    assert.equal(beforeFreeze[0].amount, '4321.123456');
    assert.equal(beforeFreeze[0].onchain_status!.frozen, false);
    assert.equal(beforeFreeze[0].onchain_status!.function, 'isBlackListed(address)');
    assert.ok(beforeFreeze[0].onchain_status!.block_number! > 0);
    // The issuer acts (the service never signs): here the token owner blacklists the holder.
    await chain.blacklist(holder);
    const afterFreeze = await remediationHoldings(ctx, noDb, coin, wallets);
    assert.equal(afterFreeze[0].onchain_status!.frozen, true);
    assert.ok(afterFreeze[0].onchain_status!.block_number! > beforeFreeze[0].onchain_status!.block_number!);
    assert.equal(afterFreeze[0].status_note, null);
  } finally {
    delete process.env.MD_RPC_URL_ETHEREUM;
  }
});
