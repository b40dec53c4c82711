import type { Env, Tx } from '../../context';
import { NETWORKS, type ChainNetwork } from '../../domain/crypto/networks';

export type ScanSource = 'sandbox_chain' | 'evm_rpc';

/**
 * The chain feed the scanner follows for a watchlist's network: the sandbox chain in sandbox;
 * in production the EVM networks through evm_rpc (`MD_RPC_URL_<NETWORK>`, read when scanning).
 * Bitcoin and Tron have no production feed yet: their addresses are watched by the clock and
 * sanctions rules only.
 */
export function scanSourceOf(env: Env, network: ChainNetwork): ScanSource | null {
  if (env === 'sandbox') return 'sandbox_chain';
  return NETWORKS[network].family === 'evm' ? 'evm_rpc' : null;
}

/** Where a new cursor starts: the sandbox chain's last `seq`; for evm_rpc, -1 (the node's head
 *  when first scanned). A watchlist alerts on movements after it exists. */
export async function initialCursor(tx: Tx, source: ScanSource, _network: ChainNetwork): Promise<bigint> {
  if (source === 'evm_rpc') return -1n;
  const [row] = await tx.$queryRaw<{ seq: bigint | null }[]>`SELECT max(seq) AS seq FROM sandbox_transfers`;
  return row?.seq ?? 0n;
}
