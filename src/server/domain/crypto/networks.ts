import { addressKey, parseAddress, type Network as Family, type ParsedAddress } from '../judgments/wallet-address';

/**
 * The networks the crypto operations accept, each with its address family. EVM networks share
 * one address format, so an EVM address names a wallet on every EVM network; `chains` (or the
 * wallet's own `network`) says which ones to read.
 */
export const NETWORKS = {
  ethereum: { family: 'evm', native: 'ETH', decimals: 18 },
  bsc: { family: 'evm', native: 'BNB', decimals: 18 },
  polygon: { family: 'evm', native: 'POL', decimals: 18 },
  arbitrum: { family: 'evm', native: 'ETH', decimals: 18 },
  optimism: { family: 'evm', native: 'ETH', decimals: 18 },
  base: { family: 'evm', native: 'ETH', decimals: 18 },
  avalanche: { family: 'evm', native: 'AVAX', decimals: 18 },
  bitcoin: { family: 'bitcoin', native: 'BTC', decimals: 8 },
  tron: { family: 'tron', native: 'TRX', decimals: 6 },
  // SOL has 9 decimals (1 SOL = 10^9 lamports); token mints (USDC, USDT) are SPL tokens.
  solana: { family: 'solana', native: 'SOL', decimals: 9 },
} as const satisfies Record<string, { family: Exclude<Family, 'unknown'>; native: string; decimals: number }>;

export type ChainNetwork = keyof typeof NETWORKS;
export const NETWORK_NAMES = Object.keys(NETWORKS) as ChainNetwork[];
export const isNetwork = (n: string): n is ChainNetwork => Object.hasOwn(NETWORKS, n);
export const familyOf = (n: ChainNetwork) => NETWORKS[n].family;

/** The network an address means when none is named: the one of its family (EVM: ethereum). */
export function defaultNetwork(p: ParsedAddress): ChainNetwork | null {
  if (p.network === 'evm') return 'ethereum';
  if (p.network === 'bitcoin' || p.network === 'tron' || p.network === 'solana') return p.network;
  return null;
}

export interface WalletRef {
  /** Canonical form (EIP-55 for EVM). */
  address: string;
  /** Lookup key (lowercase for EVM and bech32). */
  key: string;
  network: ChainNetwork;
}

/**
 * Validates an address for a network with the enforcement plan's validator. Returns the
 * reason it is refused, or the wallet reference.
 */
export function walletFor(address: string, network: ChainNetwork): WalletRef | { error: string } {
  const p = parseAddress(address);
  if (!p.valid) return { error: p.note ?? 'Not a valid address.' };
  if (p.network !== familyOf(network)) {
    return {
      error: `'${address}' is a${p.network === 'evm' ? 'n EVM' : ` ${p.network}`} address, not valid on ${network}.`,
    };
  }
  return { address: p.address, key: addressKey(p.address), network };
}
