import {
  createPublicClient,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  parseAbi,
  parseAbiItem,
  type Address,
  type PublicClient,
} from 'viem';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { NETWORKS } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import { functionName } from '../../domain/crypto/stablecoins';
import { stablecoinIndex } from '../crypto/reference-data';
import type { ChainSource, Holding, Progress } from './source';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** `MD_RPC_URL_<NETWORK>` (e.g. MD_RPC_URL_ETHEREUM), or null. */
export const rpcUrlOf = (network: ChainNetwork) => process.env[`MD_RPC_URL_${network.toUpperCase()}`]?.trim() || null;

const intEnv = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : dflt;
};
/** Blocks per eth_getLogs call (providers cap ranges; 2,000 is accepted by the common ones). */
export const logChunk = () => intEnv('MD_RPC_LOG_CHUNK', 2_000);
/** How far back from the head a history reads when no block range is given. */
export const lookbackBlocks = () => intEnv('MD_RPC_LOOKBACK_BLOCKS', 50_000);

interface TokenMeta {
  symbol: string;
  decimals: number;
}

/**
 * The evm_rpc chain source: a JSON-RPC endpoint read through viem. Native balances, ERC-20
 * balances (shipped stablecoin contracts and tokens seen in Transfer logs), Transfer logs over
 * bounded block ranges (chunked, with progress) and issuer status calls.
 */
export function evmRpcChain(network: ChainNetwork, url: string, client?: PublicClient): ChainSource & EvmExtras {
  const c = client ?? createPublicClient({ transport: http(url, { timeout: 15_000, retryCount: 1 }) });
  const tokens = new Map<string, Promise<TokenMeta>>();
  const blockTimes = new Map<bigint, Promise<Date>>();
  const native = NETWORKS[network];

  const tokenMeta = (contract: Address): Promise<TokenMeta> => {
    const k = contract.toLowerCase();
    let p = tokens.get(k);
    if (!p) {
      const known = stablecoinIndex().byContract.get(`${network}:${k}`);
      p = (async () => {
        const [symbol, decimals] = await Promise.all([
          known
            ? Promise.resolve(known.ticker)
            : c.readContract({ address: contract, abi: erc20Abi, functionName: 'symbol' }).catch(() => k),
          known?.decimals != null
            ? Promise.resolve(known.decimals)
            : c
                .readContract({ address: contract, abi: erc20Abi, functionName: 'decimals' })
                .then(Number)
                .catch(() => 18),
        ]);
        return { symbol: String(symbol), decimals };
      })();
      tokens.set(k, p);
    }
    return p;
  };
  const blockTime = (n: bigint) => {
    let p = blockTimes.get(n);
    if (!p) {
      p = c.getBlock({ blockNumber: n }).then((b) => new Date(Number(b.timestamp) * 1000));
      blockTimes.set(n, p);
    }
    return p;
  };

  /** Transfer logs from/to `addresses` (or all, when null) in [fromBlock, toBlock], chunked. */
  async function transferLogs(
    addresses: string[] | null,
    fromBlock: bigint,
    toBlock: bigint,
    onProgress?: (p: Progress) => void,
    direction: 'both' | 'from' = 'both',
  ) {
    const chunk = BigInt(logChunk());
    const total = Number((toBlock - fromBlock) / chunk) + 1;
    const out: ChainTransfer[] = [];
    const addrs = addresses?.map((a) => getAddress(a));
    let done = 0;
    for (let start = fromBlock; start <= toBlock; start += chunk) {
      const end = start + chunk - 1n > toBlock ? toBlock : start + chunk - 1n;
      const queries = addrs
        ? [
            c.getLogs({ event: TRANSFER, args: { from: addrs }, fromBlock: start, toBlock: end }),
            ...(direction === 'both'
              ? [c.getLogs({ event: TRANSFER, args: { to: addrs }, fromBlock: start, toBlock: end })]
              : []),
          ]
        : [c.getLogs({ event: TRANSFER, fromBlock: start, toBlock: end })];
      const seen = new Set<string>();
      for (const logs of await Promise.all(queries)) {
        for (const l of logs) {
          const id = `${l.transactionHash}:${l.logIndex}`;
          if (seen.has(id) || !l.args.from || !l.args.to || l.args.value === undefined) continue;
          seen.add(id);
          const meta = await tokenMeta(l.address);
          out.push({
            transaction_hash: l.transactionHash!,
            network,
            from: l.args.from.toLowerCase(),
            to: l.args.to.toLowerCase(),
            asset: meta.symbol,
            amount: formatUnits(l.args.value, meta.decimals),
            timestamp: await blockTime(l.blockNumber!),
            block_number: Number(l.blockNumber),
            contract: l.address.toLowerCase(),
            log_index: l.logIndex ?? 0,
          } as ChainTransfer);
        }
      }
      done++;
      onProgress?.({ done, total, stage: `eth_getLogs blocks ${start}–${end}` });
    }
    return out.sort(
      (a, b) => a.block_number! - b.block_number! || (a as EvmTransfer).log_index - (b as EvmTransfer).log_index,
    );
  }

  async function window() {
    const head = await c.getBlockNumber();
    const back = BigInt(lookbackBlocks());
    return { head, from: head > back ? head - back : 0n };
  }

  const inRange = (t: ChainTransfer, r: { from?: Date; to?: Date }) =>
    (!r.from || t.timestamp >= r.from) && (!r.to || t.timestamp <= r.to);

  return {
    source: 'evm_rpc',
    network,
    available: true,
    missing: null,
    async head() {
      const b = await c.getBlock();
      return { block_number: Number(b.number), as_of: new Date(Number(b.timestamp) * 1000).toISOString() };
    },
    async balances(address) {
      const a = getAddress(address);
      const { head, from } = await window();
      const seen = await transferLogs([a], from, head);
      const contracts = new Set<string>(seen.map((t) => (t as EvmTransfer).contract));
      for (const s of stablecoinIndex().all)
        if (s.network === network && s.contract) contracts.add(s.contract.toLowerCase());
      const out: Holding[] = [];
      const wei = await c.getBalance({ address: a, blockNumber: head });
      out.push({ asset: native.native, contract: null, amount: formatUnits(wei, native.decimals) });
      for (const k of contracts) {
        const contract = getAddress(k);
        const raw = await c
          .readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [a], blockNumber: head })
          .catch(() => null);
        if (raw === null || raw === 0n) continue;
        const meta = await tokenMeta(contract);
        out.push({ asset: meta.symbol, contract: k, amount: formatUnits(raw, meta.decimals) });
      }
      return out;
    },
    async transfers(addresses, range = {}, onProgress) {
      if (!addresses.length) return [];
      const { head, from } = await window();
      return (await transferLogs(addresses, from, head, onProgress)).filter((t) => inRange(t, range));
    },
    async outgoing(addresses, range) {
      if (!addresses.length) return [];
      const { head, from } = await window();
      return (await transferLogs(addresses, from, head, undefined, 'from')).filter((t) => inRange(t, range));
    },
    async issuerStatus(contract, checkSignature, holder) {
      const name = functionName(checkSignature);
      if (!/^[A-Za-z_]\w*$/.test(name)) return null;
      const abi = parseAbi([`function ${name}(address) view returns (bool)`]);
      const b = await c.getBlock();
      const frozen = await c.readContract({
        address: getAddress(contract),
        abi,
        functionName: name,
        args: [getAddress(holder)],
        blockNumber: b.number,
      });
      return {
        frozen: Boolean(frozen),
        function: `${name}(address)`,
        checked_at: new Date().toISOString(),
        block_number: Number(b.number),
      };
    },
    transferLogs,
  };
}

export interface EvmTransfer extends ChainTransfer {
  contract: string;
  log_index: number;
}

export interface EvmExtras {
  /** Transfer logs in a bounded block range (monitoring follows new blocks with it). */
  transferLogs(
    addresses: string[] | null,
    fromBlock: bigint,
    toBlock: bigint,
    onProgress?: (p: Progress) => void,
  ): Promise<ChainTransfer[]>;
}
