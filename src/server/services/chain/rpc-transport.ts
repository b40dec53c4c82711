import { custom } from 'viem';
import { ApiError } from '../../errors';
import type { ChainNetwork } from '../../domain/crypto/networks';

/**
 * The JSON-RPC transport of the evm_rpc source: one POST per call with a hard time limit and a
 * check of the answer's shape before viem formats it. A node that times out, answers with
 * something that is not JSON-RPC or with a value of the wrong type (a balance that is not a hex
 * quantity, logs that are not log objects) becomes a `ChainSourceError`, never a number made up
 * from garbage. JSON-RPC error answers (e.g. Tron's "QUANTITY not supported") are passed to viem
 * as errors, so a caller may fall back (historical state unavailable).
 */
export class ChainSourceError extends ApiError {
  constructor(network: ChainNetwork, why: string) {
    super(
      'service_unavailable',
      `The ${network} chain source (evm_rpc, MD_RPC_URL_${network.toUpperCase()}) ${why}; nothing was built from it. Retry later or check the endpoint.`,
      { headers: { 'Retry-After': '30' } },
    );
  }
}

/** A JSON-RPC error object answered by the node (`{error:{code,message}}`). */
export class RpcAnswerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const QTY = /^0x[0-9a-f]{1,64}$/i;
const DATA = /^0x([0-9a-f]{2})*$/i;
const HASH = /^0x[0-9a-f]{64}$/i;
const ADDR = /^0x[0-9a-f]{40}$/i;
const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const qty = (v: unknown) => typeof v === 'string' && QTY.test(v);

const isLog = (l: unknown) =>
  obj(l) &&
  typeof l.address === 'string' &&
  ADDR.test(l.address) &&
  Array.isArray(l.topics) &&
  l.topics.every((t) => typeof t === 'string' && HASH.test(t)) &&
  typeof l.data === 'string' &&
  DATA.test(l.data) &&
  qty(l.blockNumber) &&
  typeof l.transactionHash === 'string' &&
  HASH.test(l.transactionHash) &&
  qty(l.logIndex);

const isTx = (t: unknown) =>
  obj(t) &&
  typeof t.hash === 'string' &&
  HASH.test(t.hash) &&
  typeof t.from === 'string' &&
  ADDR.test(t.from) &&
  (t.to === null || (typeof t.to === 'string' && ADDR.test(t.to))) &&
  qty(t.value);

const isBlock = (b: unknown, full: boolean) =>
  b === null ||
  (obj(b) &&
    qty(b.number) &&
    qty(b.timestamp) &&
    Array.isArray(b.transactions) &&
    b.transactions.every((t) => (full ? isTx(t) : typeof t === 'string')));

/** Whether `result` has the shape `method` promises; methods not listed pass as they are. */
export function resultLooksRight(method: string, params: unknown[], result: unknown): boolean {
  switch (method) {
    case 'eth_blockNumber':
    case 'eth_getBalance':
    case 'eth_getTransactionCount':
    case 'eth_chainId':
      return qty(result);
    case 'eth_call':
    case 'eth_getCode':
      return typeof result === 'string' && DATA.test(result);
    case 'eth_getLogs':
      return Array.isArray(result) && result.every(isLog);
    case 'eth_getBlockByNumber':
      return isBlock(result, params[1] === true);
    default:
      return true;
  }
}

export interface TransportLimits {
  /** Per call, ms. */
  timeoutMs: number;
  /** Largest answer accepted, bytes (a whole block with its transactions is a few MB). */
  maxBytes: number;
}

export function guardedTransport(url: string, network: ChainNetwork, limits: TransportLimits) {
  let id = 0;
  return custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        const p = (params as unknown[] | undefined) ?? [];
        let res: Response;
        try {
          res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: p }),
            signal: AbortSignal.timeout(limits.timeoutMs),
          });
        } catch (e) {
          const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
          throw new ChainSourceError(
            network,
            timedOut ? `did not answer ${method} within ${limits.timeoutMs} ms` : `could not be reached (${method})`,
          );
        }
        let text: string;
        try {
          text = await res.text();
        } catch {
          throw new ChainSourceError(network, `did not finish answering ${method} within ${limits.timeoutMs} ms`);
        }
        if (text.length > limits.maxBytes)
          throw new ChainSourceError(network, `answered ${method} with more than ${limits.maxBytes} bytes`);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new ChainSourceError(
            network,
            `answered ${method} with something that is not JSON (HTTP ${res.status})`,
          );
        }
        if (!obj(body)) throw new ChainSourceError(network, `answered ${method} with something that is not JSON-RPC`);
        if (obj(body.error))
          throw new RpcAnswerError(Number(body.error.code) || 0, String(body.error.message ?? 'error').slice(0, 200));
        if (!('result' in body) || !resultLooksRight(method, p, body.result))
          throw new ChainSourceError(network, `answered ${method} with a result of the wrong shape`);
        return body.result;
      },
    },
    { retryCount: 0 },
  );
}

/** The ChainSourceError inside a viem error (viem wraps what a transport throws), if any. */
export function chainSourceErrorIn(e: unknown): ChainSourceError | null {
  for (let x = e as { cause?: unknown } | undefined, i = 0; x && i < 8; x = x.cause as typeof x, i++)
    if (x instanceof ChainSourceError) return x;
  return null;
}

/** Runs a source read; any failure the node caused leaves as a ChainSourceError (503). */
export async function guarded<T>(network: ChainNetwork, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const inner = chainSourceErrorIn(e);
    if (inner) throw inner;
    const rpc = findRpc(e);
    throw new ChainSourceError(network, rpc ? `refused ${what} (${rpc.message})` : `failed while reading ${what}`);
  }
}

const findRpc = (e: unknown): RpcAnswerError | null => {
  for (let x = e as { cause?: unknown } | undefined, i = 0; x && i < 8; x = x.cause as typeof x, i++)
    if (x instanceof RpcAnswerError) return x;
  return null;
};
