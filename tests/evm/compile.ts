/**
 * Compiles TestTokens.sol with solc-js (the `solc` npm package: the compiler as pure
 * JavaScript, no binary download) into compiled.json, which the evm_rpc test deploys.
 * Run: npx tsx tests/evm/compile.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import solc from 'solc';

const dir = import.meta.dirname;
const input = {
  language: 'Solidity',
  sources: { 'TestTokens.sol': { content: readFileSync(path.join(dir, 'TestTokens.sol'), 'utf8') } },
  // Paris: no PUSH0, so any local node's default hardfork runs it.
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'paris',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
const contracts = out.contracts['TestTokens.sol'];
const result: Record<string, { abi: unknown; bytecode: string }> = {};
for (const name of ['TestToken', 'BlackListToken'])
  result[name] = { abi: contracts[name].abi, bytecode: `0x${contracts[name].evm.bytecode.object}` };
writeFileSync(
  path.join(dir, 'compiled.json'),
  JSON.stringify({ compiler: `solc-js ${solc.version()}`, evmVersion: 'paris', contracts: result }, null, 1) + '\n',
);
console.log(`compiled with solc-js ${solc.version()}`);
