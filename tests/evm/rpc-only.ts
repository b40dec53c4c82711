/**
 * What the services that read evm_rpc are given in the EVM tests: a production context (only a
 * production key reads the chain from MD_RPC_URL_<NETWORK>) and no database, which evm_rpc never
 * touches; and a watched wallet on ethereum as the wallet resolver would hand it over.
 */
import type { Address } from 'viem';
import type { Ctx, Db } from '../../src/server/context';
import type { ResolvedWallet } from '../../src/server/services/crypto/wallet-inputs';

export const productionCtx = {
  org: { id: 'org_x', parent_id: null, features: [], pinned_version: '2026-06-11' },
  env: 'production',
} as unknown as Ctx;

export const noDb = {} as Db;

export function ethereumWallet(address: Address): ResolvedWallet {
  return {
    address,
    key: address.toLowerCase(),
    network: 'ethereum',
    wallet_id: null,
    role: 'unknown',
    confidence: null,
    source_refs: [],
  };
}
