import type { Ctx, Db } from '../../context';
import type { ChainNetwork } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import { sandboxChain } from './sandbox-chain';
import { evmRpcChain, rpcUrlOf } from './evm-rpc';
import { dbScanStore, memoryScanStore } from './scan-store';
import { NETWORKS } from '../../domain/crypto/networks';

/** A balance of one asset held by one address, in the asset's units (exact decimal text). */
export interface Holding {
  asset: string;
  contract: string | null;
  amount: string;
}

export interface IssuerStatus {
  frozen: boolean;
  function: string;
  checked_at: string;
  block_number: number | null;
}

/** How much of the wallets' histories a source has read: blocks [from_block, to_block] of head_block. */
export interface HistoryCoverage {
  from_block: number;
  to_block: number;
  head_block: number;
  complete: boolean;
}

export interface Progress {
  done: number;
  total: number;
  stage: string;
}

/**
 * The one interface every crypto, attribution and monitoring output reads chain data through
 * (API-CONTRACT §17). Addresses are address keys (lowercase for EVM).
 */
export interface ChainSource {
  source: 'sandbox_chain' | 'evm_rpc' | 'none';
  network: ChainNetwork;
  /** False when no source serves this network: outputs then say so and set review_required. */
  available: boolean;
  /** Why it is unavailable (names the missing source). */
  missing: string | null;
  /** What its histories cannot show (e.g. internal transfers): an output that read them is reviewed. */
  notes?: string[];
  /** The block range the last history read covers for every wallet it was asked about. */
  coverage?(): HistoryCoverage | null;
  head(): Promise<{ block_number: number | null; as_of: string }>;
  balances(address: string): Promise<Holding[]>;
  /** Balances of many addresses in one read, where the source can (else callers ask per address). */
  balancesOf?(addresses: string[]): Promise<Map<string, Holding[]>>;
  /** Transfers touching any of `addresses` within [from, to], oldest first. */
  transfers(
    addresses: string[],
    range?: { from?: Date; to?: Date },
    onProgress?: (p: Progress) => void,
  ): Promise<ChainTransfer[]>;
  /**
   * The part of `addresses`' histories an exchange hypothesis can rest on, where the source can
   * filter it where the data is (else callers read every transfer): transfers with a `labelled`
   * counterparty, and payments whose payee sent something on within `windowMs` (a possible
   * deposit address). Oldest first.
   */
  hypothesisTransfers?(addresses: string[], labelled: string[], windowMs: number): Promise<ChainTransfer[]>;
  /** Outgoing transfers of `addresses` within [from, to] (the deposit-pattern's second hop). */
  outgoing(addresses: string[], range: { from: Date; to: Date }): Promise<ChainTransfer[]>;
  /** An issuer's status call (e.g. `isBlackListed(address)`) for `holder`, when it can be read. */
  issuerStatus(contract: string, checkSignature: string, holder: string): Promise<IssuerStatus | null>;
}

function noSource(network: ChainNetwork, why: string): ChainSource {
  const none = async () => [];
  return {
    source: 'none',
    network,
    available: false,
    missing: why,
    head: async () => ({ block_number: null, as_of: new Date().toISOString() }),
    balances: none,
    transfers: none,
    outgoing: none,
    issuerStatus: async () => null,
  };
}

/**
 * The chain source of a request: sandbox keys read the organization's synthetic sandbox chain;
 * production keys read `MD_RPC_URL_<NETWORK>` through viem on EVM networks and on Tron (its
 * Ethereum-compatible JSON-RPC), keeping history cursors in the tenant's database. Bitcoin and
 * Solana are sandbox-only. Anything else is an unavailable source that names what is missing; it never
 * invents data.
 */
export function getChainSource(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, network: ChainNetwork): ChainSource {
  if (ctx.env === 'sandbox') return sandboxChain(ctx, db, network);
  if (NETWORKS[network].family === 'bitcoin')
    return noSource(
      network,
      `No production chain source for ${network}: Bitcoin is read on the sandbox chain only (sandbox keys) for now.`,
    );
  // Solana speaks its own JSON-RPC (accounts, SPL token accounts), not Ethereum's: evm_rpc cannot read it.
  if (NETWORKS[network].family === 'solana')
    return noSource(
      network,
      `No production chain source for ${network}: Solana is read on the sandbox chain only (sandbox keys) for now.`,
    );
  const url = rpcUrlOf(network);
  if (!url)
    return noSource(
      network,
      `No chain source for ${network}: set MD_RPC_URL_${network.toUpperCase()} to a JSON-RPC endpoint.`,
    );
  // A caller without a database (the EVM tests read a node alone) keeps cursors in memory.
  const store = (db as { chainScanCursor?: unknown }).chainScanCursor ? dbScanStore(ctx, db) : memoryScanStore();
  return evmRpcChain(network, url, { store });
}
