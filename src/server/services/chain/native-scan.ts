import type { Address, PublicClient } from 'viem';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { ChainSourceError, chainSourceErrorIn } from './rpc-transport';

/** A transaction that moved the native coin to or from a watched address. */
export interface NativeHit {
  hash: string;
  from: string;
  to: string;
  value: bigint;
  block: bigint;
  timestamp: Date;
}

/** RPC calls a run may still make (shared by its slices). */
export interface CallBudget {
  calls: number;
}

/** Blocks read at once while scanning (one eth_getBlockByNumber each). */
const PARALLEL = 8;
/** Below this many blocks a window is read block by block rather than split again. */
const LEAF = 4n;
/** The balance/nonce shortcut is tried for at most this many addresses at once. */
const MAX_SHORTCUT_ADDRESSES = 10;

/**
 * Native-coin transfers of `addresses` in blocks [from, to]. Public JSON-RPC nodes have no trace
 * or address index, so the only complete reading is every block with its transactions
 * (eth_getBlockByNumber(n, true)), matching `from`/`to` (value > 0). That is one call per block,
 * so windows are bisected first where the node serves historical state: an externally owned
 * account whose balance and nonce are the same before and after a window sent nothing (its nonce
 * would have moved) and so received nothing either (only its own transactions can lower its
 * balance), and the window is skipped. Contracts (code at the address) never take the shortcut:
 * value can leave them without a transaction of theirs. Transfers made by contracts (internal
 * transfers) are not transactions and are not seen at all; the source says so.
 *
 * Stops when the budget is spent: `reached` is the last block fully read, so the caller's cursor
 * continues from reached + 1 and nothing in between is skipped.
 */
export async function scanNative(
  c: PublicClient,
  network: ChainNetwork,
  addresses: Address[],
  from: bigint,
  to: bigint,
  opts: { budget: CallBudget; historicalState: boolean; pause: () => Promise<void> },
): Promise<{ hits: NativeHit[]; reached: bigint }> {
  const want = new Set(addresses.map((a) => a.toLowerCase()));
  const hits: NativeHit[] = [];
  const { budget, pause } = opts;
  let reached = from - 1n;
  let shortcut = opts.historicalState && addresses.length <= MAX_SHORTCUT_ADDRESSES && from <= to;
  const spend = (n: number) => {
    if (budget.calls < n) return false;
    budget.calls -= n;
    return true;
  };
  // Node failures (timeouts, garbage) stop the scan; an answered refusal only turns the shortcut off.
  const refusal = (e: unknown) => {
    const fatal = chainSourceErrorIn(e);
    if (fatal) throw fatal;
    shortcut = false;
    return null;
  };

  if (shortcut && spend(addresses.length)) {
    const codes = await Promise.all(addresses.map((a) => c.getCode({ address: a }).catch(refusal)));
    if (codes.some((x) => x && x !== '0x')) shortcut = false;
  } else shortcut = false;

  const states = new Map<bigint, Promise<string>>();
  const stateAt = (n: bigint) => {
    let s = states.get(n);
    if (!s) {
      s =
        n < 0n
          ? Promise.resolve(addresses.map(() => '0:0').join())
          : Promise.all(
              addresses.map(async (a) => {
                const [bal, nonce] = await Promise.all([
                  c.getBalance({ address: a, blockNumber: n }),
                  c.getTransactionCount({ address: a, blockNumber: n }),
                ]);
                return `${bal}:${nonce}`;
              }),
            ).then((x) => x.join());
      states.set(n, s);
    }
    return s;
  };
  const quiet = async (a: bigint, b: bigint) => {
    if (!spend(4 * addresses.length)) return null;
    try {
      return (await stateAt(a - 1n)) === (await stateAt(b));
    } catch (e) {
      return refusal(e) ?? false;
    }
  };

  async function readBlocks(a: bigint, b: bigint): Promise<boolean> {
    for (let n = a; n <= b; n += BigInt(PARALLEL)) {
      const last = n + BigInt(PARALLEL) - 1n < b ? n + BigInt(PARALLEL) - 1n : b;
      const batch: bigint[] = [];
      for (let k = n; k <= last; k++) batch.push(k);
      if (!spend(batch.length)) return false;
      const blocks = await Promise.all(batch.map((k) => c.getBlock({ blockNumber: k, includeTransactions: true })));
      for (const [i, blk] of blocks.entries()) {
        if (!blk) throw new ChainSourceError(network, `did not return block ${batch[i]} with its transactions`);
        for (const tx of blk.transactions) {
          if (typeof tx === 'string' || !(tx.value > 0n)) continue;
          const f = tx.from.toLowerCase();
          const t = tx.to?.toLowerCase() ?? null;
          if (!want.has(f) && !(t && want.has(t))) continue;
          hits.push({
            hash: tx.hash,
            from: f,
            to: t ?? '',
            value: tx.value,
            block: batch[i],
            timestamp: new Date(Number(blk.timestamp) * 1000),
          });
        }
      }
      reached = last;
      await pause();
    }
    return true;
  }

  async function walk(a: bigint, b: bigint): Promise<boolean> {
    if (!shortcut || b - a + 1n <= LEAF) return readBlocks(a, b);
    const q = await quiet(a, b);
    if (q === null && !shortcut) return readBlocks(a, b);
    if (q === null) return false;
    if (q) {
      reached = b;
      return true;
    }
    const mid = (a + b) / 2n;
    return (await walk(a, mid)) && walk(mid + 1n, b);
  }

  if (from <= to) await walk(from, to);
  return { hits: hits.filter((h) => h.to !== ''), reached };
}
