import {
  createPublicClient,
  erc20Abi,
  formatUnits,
  getAddress,
  parseAbi,
  parseAbiItem,
  type Address,
  type PublicClient,
} from 'viem';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { NETWORKS } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import { contractKey, functionName } from '../../domain/crypto/stablecoins';
import { hexToTron, tronToEvm } from '../../domain/crypto/tron-address';
import { stablecoinIndex } from '../crypto/reference-data';
import { loopYield } from '../loop-yield';
import type { ChainSource, HistoryCoverage, Holding, Progress } from './source';
import { chainSourceErrorIn, guarded, guardedTransport } from './rpc-transport';
import { scanNative, type CallBudget } from './native-scan';
import { memoryScanStore, type ScanStore, type ScannedTransfer } from './scan-store';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** `MD_RPC_URL_<NETWORK>` (e.g. MD_RPC_URL_ETHEREUM, MD_RPC_URL_TRON), or null. */
export const rpcUrlOf = (network: ChainNetwork) => process.env[`MD_RPC_URL_${network.toUpperCase()}`]?.trim() || null;

const intEnv = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : dflt;
};
/** Blocks per eth_getLogs call (providers cap ranges; 2,000 is accepted by the common ones). */
export const logChunk = () => intEnv('MD_RPC_LOG_CHUNK', 2_000);
/** Most blocks one run walks a history forward (token logs and native transfers). */
export const scanWindow = () => intEnv('MD_RPC_SCAN_WINDOW', 100_000);
/** Most block and state reads (eth_getBlockByNumber, eth_getBalance…) one run makes. */
export const scanCalls = () => intEnv('MD_RPC_SCAN_CALLS', 2_000);
/** Addresses in one eth_getLogs topic filter. */
const ADDRESSES_PER_FILTER = 100;
/** Per-call time limit, ms. */
export const rpcTimeout = () => intEnv('MD_RPC_TIMEOUT_MS', 15_000);
/** Where histories start (`MD_RPC_START_BLOCK_<NETWORK>`, default the genesis block). */
export const startBlock = (network: ChainNetwork) =>
  BigInt(process.env[`MD_RPC_START_BLOCK_${network.toUpperCase()}`]?.match(/^\d+$/)?.[0] ?? '0');

/**
 * Standing caveats of evm_rpc histories, carried into the manifest of every output that read
 * them (they set review_required): what JSON-RPC alone cannot show.
 */
export const historyNotes = (network: ChainNetwork) => [
  `${network}: native ${NETWORKS[network].native} transfers are read from block transactions; internal (contract) transfers need a trace API and are not visible.`,
  ...(network === 'tron'
    ? [
        'tron: read through its Ethereum-compatible JSON-RPC: TRC-10 transfers and state at past blocks are not available there; balances and issuer status are read at the latest block.',
      ]
    : []),
];

interface TokenMeta {
  symbol: string;
  decimals: number;
}

/** Address keys (`0x…` lowercase for EVM, `T…` for Tron) ↔ the 20-byte wire form. */
interface Codec {
  wire(key: string): Address;
  key(wire: string): string;
}
const evmCodec: Codec = { wire: (k) => getAddress(k), key: (w) => w.toLowerCase() };
const tronCodec: Codec = {
  wire: (k) => {
    const h = tronToEvm(k);
    if (!h) throw new TypeError(`'${k}' is not a Tron address`);
    return getAddress(h);
  },
  key: (w) => hexToTron(w) ?? w.toLowerCase(),
};

export interface EvmRpcOptions {
  client?: PublicClient;
  /** Where history cursors and found transfers are kept (default: in memory, this source only). */
  store?: ScanStore;
}

/**
 * The evm_rpc chain source: a JSON-RPC endpoint read through viem, for EVM networks and for
 * Tron through its Ethereum-compatible JSON-RPC. Native and token balances, issuer status
 * calls, and wallet histories (token Transfer logs and native transfers) walked forward from the
 * network's start block in bounded runs that resume from a stored cursor.
 */
export function evmRpcChain(
  network: ChainNetwork,
  url: string,
  opts: EvmRpcOptions = {},
): ChainSource & EvmExtras & { coverage(): HistoryCoverage | null } {
  const c =
    opts.client ??
    createPublicClient({ transport: guardedTransport(url, network, { timeoutMs: rpcTimeout(), maxBytes: 32 << 20 }) });
  const store = opts.store ?? memoryScanStore();
  const codec = network === 'tron' ? tronCodec : evmCodec;
  // Tron's JSON-RPC answers state reads at `latest` only ("QUANTITY not supported").
  const latestOnly = network === 'tron';
  const tokens = new Map<string, Promise<TokenMeta>>();
  const blockTimes = new Map<bigint, Promise<Date>>();
  const native = NETWORKS[network];
  let lastCoverage: HistoryCoverage | null = null;

  const tokenMeta = (contract: Address): Promise<TokenMeta> => {
    const k = codec.key(contract);
    let p = tokens.get(k);
    if (!p) {
      const known = stablecoinIndex().byContract.get(`${network}:${contractKey(k)}`);
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

  /** Transfer logs from/to `addresses` (keys; or all, when null) in [fromBlock, toBlock], chunked. */
  async function transferLogs(
    addresses: string[] | null,
    fromBlock: bigint,
    toBlock: bigint,
    onProgress?: (p: Progress) => void,
    direction: 'both' | 'from' = 'both',
  ): Promise<ScannedTransfer[]> {
    const chunk = BigInt(logChunk());
    const total = Number((toBlock - fromBlock) / chunk) + 1;
    const out: ScannedTransfer[] = [];
    const addrs = addresses?.map((a) => codec.wire(a));
    const pause = loopYield();
    let done = 0;
    for (let start = fromBlock; start <= toBlock; start += chunk) {
      const end = start + chunk - 1n > toBlock ? toBlock : start + chunk - 1n;
      // Providers cap a topic filter's length: at most ADDRESSES_PER_FILTER addresses per call.
      const groups: Address[][] = [];
      for (let i = 0; addrs && i < addrs.length; i += ADDRESSES_PER_FILTER)
        groups.push(addrs.slice(i, i + ADDRESSES_PER_FILTER));
      const queries = addrs
        ? groups.flatMap((g) => [
            c.getLogs({ event: TRANSFER, args: { from: g }, fromBlock: start, toBlock: end }),
            ...(direction === 'both'
              ? [c.getLogs({ event: TRANSFER, args: { to: g }, fromBlock: start, toBlock: end })]
              : []),
          ])
        : [c.getLogs({ event: TRANSFER, fromBlock: start, toBlock: end })];
      const seen = new Set<string>();
      for (const logs of await Promise.all(queries)) {
        for (const l of logs) {
          await pause();
          const id = `${l.transactionHash}:${l.logIndex}`;
          if (seen.has(id) || !l.args.from || !l.args.to || l.args.value === undefined) continue;
          seen.add(id);
          const meta = await tokenMeta(l.address);
          out.push({
            transaction_hash: l.transactionHash!,
            network,
            from: codec.key(l.args.from),
            to: codec.key(l.args.to),
            asset: meta.symbol,
            amount: formatUnits(l.args.value, meta.decimals),
            timestamp: await blockTime(l.blockNumber!),
            block_number: Number(l.blockNumber),
            contract: codec.key(l.address),
            log_index: l.logIndex ?? 0,
          });
        }
      }
      done++;
      onProgress?.({ done, total, stage: `eth_getLogs blocks ${start}–${end}` });
    }
    return out.sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
  }

  /**
   * Walks the histories of `keys` forward by one bounded run: from each wallet's cursor (or the
   * start block) at most scanWindow() blocks and scanCalls() reads, stores what it found with
   * the advanced cursor, and records how far every wallet's history is now read.
   */
  async function advance(keys: string[], onProgress?: (p: Progress) => void) {
    const head = await c.getBlockNumber();
    const start = startBlock(network);
    const cursors = await store.cursors(network, keys);
    const groups = new Map<bigint, string[]>();
    for (const k of keys) {
      const next = cursors.get(k)?.next_block ?? start;
      groups.set(next, [...(groups.get(next) ?? []), k]);
    }
    const budget: CallBudget = { calls: scanCalls() };
    const pause = loopYield();
    for (const [next, group] of [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const from = next;
      if (from > head || budget.calls <= 0) continue;
      const to = from + BigInt(scanWindow()) - 1n < head ? from + BigInt(scanWindow()) - 1n : head;
      const nat = await scanNative(
        c,
        network,
        group.map((k) => codec.wire(k)),
        from,
        to,
        { budget, historicalState: !latestOnly, pause },
      );
      if (nat.reached < from) continue;
      const logs = await transferLogs(group, from, nat.reached, onProgress);
      const found: ScannedTransfer[] = [
        ...logs,
        ...nat.hits.map((h) => ({
          transaction_hash: h.hash,
          network,
          from: codec.key(h.from),
          to: codec.key(h.to),
          asset: native.native,
          amount: formatUnits(h.value, native.decimals),
          timestamp: h.timestamp,
          block_number: Number(h.block),
          contract: null,
          log_index: -1,
        })),
      ];
      await store.save(network, group, { start_block: start, next_block: nat.reached + 1n }, found);
      for (const k of group) cursors.set(k, { start_block: start, next_block: nat.reached + 1n });
    }
    // The history every wallet shares: from the start block to the least advanced cursor.
    const reached = keys.reduce((m, k) => {
      const n = (cursors.get(k)?.next_block ?? start) - 1n;
      return n < m ? n : m;
    }, head);
    lastCoverage = {
      from_block: Number(start),
      to_block: Number(reached),
      head_block: Number(head),
      complete: reached >= head,
    };
  }

  const history = async (keys: string[], range: { from?: Date; to?: Date }, onProgress?: (p: Progress) => void) => {
    if (!keys.length) return [];
    await advance(keys, onProgress);
    return store.transfers(network, keys, range);
  };

  const stateAt = async () => (latestOnly ? undefined : await c.getBlockNumber());

  /** Native and token balances at `blockNumber`: tokens seen in the history read so far and every shipped stablecoin. */
  async function holdingsOf(address: string, blockNumber: bigint | undefined): Promise<Holding[]> {
    const a = codec.wire(address);
    const seen = await store.transfers(network, [address], {});
    const contracts = new Set<string>(seen.flatMap((t) => (t.contract ? [t.contract] : [])));
    for (const s of stablecoinIndex().all)
      if (s.network === network && s.contract) contracts.add(codec.key(codec.wire(s.contract)));
    const out: Holding[] = [];
    const wei = await c.getBalance({ address: a, blockNumber });
    out.push({ asset: native.native, contract: null, amount: formatUnits(wei, native.decimals) });
    for (const k of contracts) {
      const contract = codec.wire(k);
      const raw = await c
        .readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [a], blockNumber })
        .catch((e) => {
          // A token that does not answer balanceOf is skipped; a node that fails is not.
          if (chainSourceErrorIn(e)) throw e;
          return null;
        });
      if (raw === null || raw === 0n) continue;
      const meta = await tokenMeta(contract);
      out.push({ asset: meta.symbol, contract: k, amount: formatUnits(raw, meta.decimals) });
    }
    return out;
  }

  return {
    source: 'evm_rpc',
    network,
    available: true,
    missing: null,
    notes: historyNotes(network),
    coverage: () => lastCoverage,
    head: () =>
      guarded(network, 'the latest block', async () => {
        const b = await c.getBlock();
        return { block_number: Number(b.number), as_of: new Date(Number(b.timestamp) * 1000).toISOString() };
      }),
    balances: (address) =>
      guarded(network, 'balances', async () => {
        await advance([address]);
        return holdingsOf(address, await stateAt());
      }),
    balancesOf: (addresses) =>
      guarded(network, 'balances', async () => {
        const out = new Map<string, Holding[]>();
        if (!addresses.length) return out;
        await advance(addresses);
        const blockNumber = await stateAt();
        for (const a of addresses) out.set(a, await holdingsOf(a, blockNumber));
        return out;
      }),
    transfers: (addresses, range = {}, onProgress) =>
      guarded(network, 'transfer history', () => history(addresses, range, onProgress)),
    outgoing: (addresses, range) =>
      guarded(network, 'transfer history', async () => {
        const mine = new Set(addresses);
        return (await history(addresses, range)).filter((t) => mine.has(t.from));
      }),
    issuerStatus: (contract, checkSignature, holder) =>
      guarded(network, 'the issuer status', async () => {
        const name = functionName(checkSignature);
        if (!/^[A-Za-z_]\w*$/.test(name)) return null;
        const abi = parseAbi([`function ${name}(address) view returns (bool)`]);
        const b = await c.getBlock();
        const frozen = await c.readContract({
          address: codec.wire(contract),
          abi,
          functionName: name,
          args: [codec.wire(holder)],
          blockNumber: latestOnly ? undefined : b.number,
        });
        return {
          frozen: Boolean(frozen),
          function: `${name}(address)`,
          checked_at: new Date().toISOString(),
          block_number: Number(b.number),
        };
      }),
    transferLogs: (addresses, fromBlock, toBlock, onProgress) =>
      guarded(network, 'Transfer logs', () => transferLogs(addresses, fromBlock, toBlock, onProgress)),
  };
}

export type EvmTransfer = ScannedTransfer;

export interface EvmExtras {
  /** Transfer logs in a bounded block range (monitoring follows new blocks with it). */
  transferLogs(
    addresses: string[] | null,
    fromBlock: bigint,
    toBlock: bigint,
    onProgress?: (p: Progress) => void,
  ): Promise<ChainTransfer[]>;
}
