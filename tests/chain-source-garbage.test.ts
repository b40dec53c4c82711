/**
 * A chain endpoint that times out or answers garbage: the evm_rpc source fails with a clear
 * 503 chain-source error (ApiError service_unavailable, Retry-After) and never turns garbage
 * into a value. The endpoint is a tiny local HTTP server, not a chain: it stands for a broken
 * or hostile provider; real-chain behaviour is tested against ganache elsewhere.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { ApiError } from '../src/server/errors';
import { evmRpcChain } from '../src/server/services/chain/evm-rpc';

type Answer = (method: string, params: unknown[]) => unknown | undefined;
let answer: Answer = () => undefined;
let server: Server;
let url: string;

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body);
      const a = answer(method, params);
      if (a === undefined) return; // never answers
      res.setHeader('content-type', 'application/json');
      res.end(typeof a === 'string' ? a : JSON.stringify({ jsonrpc: '2.0', id, ...(a as object) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  process.env.MD_RPC_TIMEOUT_MS = '1500';
});
after(async () => {
  delete process.env.MD_RPC_TIMEOUT_MS;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const wallet = '0x00000000000000000000000000000000000a11ce';
const chainError = (re: RegExp) => (e: unknown) => {
  assert.ok(e instanceof ApiError, `an ApiError, not ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
  assert.equal(e.status, 503);
  assert.equal(e.code, 'service_unavailable');
  assert.equal(e.extras.headers?.['Retry-After'], '30');
  assert.match(e.message, /ethereum chain source \(evm_rpc, MD_RPC_URL_ETHEREUM\)/);
  assert.match(e.message, re);
  return true;
};
const head = { result: '0x10' };
/** Well-formed answers for the calls a case does not break: an empty account on an empty chain. */
const fine = (m: string) => ({ result: m === 'eth_getCode' ? '0x' : m === 'eth_getLogs' ? [] : '0x0' });

const CASES: [string, Answer, RegExp][] = [
  ['never answers', () => undefined, /did not answer eth_blockNumber within 1500 ms/],
  ['HTML error page', () => '<html>502 Bad Gateway</html>', /not JSON/],
  ['JSON that is not JSON-RPC', () => '[1,2,3]', /not JSON-RPC/],
  ['a block number that is not a hex quantity', () => ({ result: 'banana' }), /wrong shape/],
  ['a balance given as a JSON number', (m) => (m === 'eth_blockNumber' ? head : { result: 12 }), /wrong shape/],
  [
    'logs that are not log objects',
    (m) =>
      m === 'eth_blockNumber'
        ? head
        : m === 'eth_getLogs'
          ? { result: [{ address: 'x' }] }
          : m === 'eth_getBlockByNumber'
            ? { result: { number: '0x1', timestamp: '0x1', transactions: [] } }
            : fine(m),
    /eth_getLogs with a result of the wrong shape/,
  ],
  [
    'a block without its transactions list',
    // No state at past blocks (a refusal, as Tron answers), so the scan reads the blocks themselves.
    (m) =>
      m === 'eth_blockNumber'
        ? head
        : m === 'eth_getBalance'
          ? { error: { code: -32602, message: 'QUANTITY not supported, just support TAG as latest' } }
          : m === 'eth_getBlockByNumber'
            ? { result: { number: '0x1' } }
            : fine(m),
    /eth_getBlockByNumber with a result of the wrong shape/,
  ],
  ['a JSON-RPC error', () => ({ error: { code: -32000, message: 'rate limited' } }), /refused .* \(rate limited\)/],
];

for (const [name, a, re] of CASES)
  test(`garbage: ${name} → 503 chain-source error`, async () => {
    answer = a;
    const src = evmRpcChain('ethereum', url);
    const read = name.includes('balance') ? src.balances(wallet) : src.transfers([wallet]);
    await assert.rejects(read, chainError(re));
  });

test('the head and issuer status fail the same way (no made-up block, no made-up status)', async () => {
  answer = () => ({ result: { number: 'nope' } });
  const src = evmRpcChain('ethereum', url);
  await assert.rejects(src.head(), chainError(/wrong shape/));
  answer = (m) =>
    m === 'eth_call' ? { result: 'yes' } : { result: { number: '0x1', timestamp: '0x1', transactions: [] } };
  await assert.rejects(src.issuerStatus(wallet, 'isBlackListed(address)', wallet), chainError(/wrong shape/));
});
