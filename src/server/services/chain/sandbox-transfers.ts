import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import type { Ctx, Db, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { exactNumber } from '../../json';
import { dec } from '../../domain/judgments/decimal';
import { isNetwork, NETWORKS, walletFor, type ChainNetwork } from '../../domain/crypto/networks';
import { addressKey } from '../../domain/judgments/wallet-address';
import { canonicalContract, findStablecoin } from '../../domain/crypto/stablecoins';
import { recordChange } from '../audit/append';
import { stablecoinIndex } from '../crypto/reference-data';
import { displayAddress } from '../crypto/wallet-inputs';
import { wakeOnCommit } from '../../jobs/work-signal';

export interface SandboxTransferInput {
  network: ChainNetwork;
  from_address: string;
  to_address: string;
  asset: string;
  amount: string;
  timestamp?: string;
  /** The token's contract; omitted, the registry's canonical contract of `asset` on the network. */
  token_contract?: string;
}

const SKEW_MS = 5 * 60_000;

/**
 * Appends a transfer to the organization's synthetic sandbox chain (sandbox keys only; the
 * registry makes it invisible to production keys). Inserts are serialized by a transaction
 * advisory lock, so `seq` (the monitoring cursor) is assigned in commit order.
 */
export async function createSandboxTransfer(ctx: Ctx, tx: Tx, input: SandboxTransferInput) {
  const from = walletFor(input.from_address, input.network);
  if ('error' in from) throw invalidParam('from_address', from.error);
  const to = walletFor(input.to_address, input.network);
  if ('error' in to) throw invalidParam('to_address', to.error);
  if (from.key === to.key) throw invalidParam('to_address', 'A transfer needs two different addresses.');
  const amount = dec(input.amount);
  if (!amount.gt(0)) throw invalidParam('amount', 'amount must be greater than zero.');
  const timestamp = input.timestamp ? new Date(input.timestamp) : new Date();
  if (timestamp.getTime() > Date.now() + SKEW_MS) throw invalidParam('timestamp', 'timestamp cannot be in the future.');
  const contract = tokenContract(input);
  const hash = syntheticHash(input.network);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(727001)`;
  const row = await tx.sandboxTransfer.create({
    data: {
      transaction_hash: hash,
      org_id: ctx.org.id,
      env: ctx.env,
      network: input.network,
      from_address: from.key,
      to_address: to.key,
      asset: input.asset,
      token_contract: contract,
      amount: amount.toFixed(),
      timestamp,
    },
  });
  await recordChange(ctx, tx, {
    event_type: 'sandbox.transfer_created',
    object_type: 'sandbox_transfer',
    object_id: hash,
    matter_id: null,
    details: { network: input.network, asset: input.asset, amount: amount.toFixed(), seq: String(row.seq) },
  });
  // The monitoring scanner reads it once this commits (at its next poll otherwise).
  wakeOnCommit(tx, 'monitor');
  return transferOut(row);
}

/** A fresh transaction id in the network's own form: 0x + 32 bytes hex (EVM), a base58 64-byte
 *  signature (Solana), 32 bytes hex otherwise (Bitcoin, Tron). */
function syntheticHash(network: ChainNetwork) {
  const family = NETWORKS[network].family;
  if (family === 'solana') return base58.encode(randomBytes(64));
  return (family === 'evm' ? '0x' : '') + randomBytes(32).toString('hex');
}

/**
 * The contract key of a transfer: the one given (a valid contract address of the network, 400
 * otherwise), or the canonical contract of a registry ticker; the network's native asset and an
 * unknown ticker without a contract have none (the latter is then an unverified token).
 */
function tokenContract(input: SandboxTransferInput): string | null {
  const native = NETWORKS[input.network].native;
  if (input.token_contract === undefined)
    return input.asset.toUpperCase() === native
      ? null
      : (() => {
          const c = canonicalContract(stablecoinIndex(), input.network, input.asset);
          return c ? addressKey(c) : null;
        })();
  if (NETWORKS[input.network].family === 'bitcoin')
    throw invalidParam('token_contract', `${input.network} has no token contracts.`);
  const ref = walletFor(input.token_contract, input.network);
  if ('error' in ref)
    throw invalidParam(
      'token_contract',
      `'${input.token_contract}' is not a contract address on ${input.network}: ${ref.error}`,
    );
  return ref.key;
}

/** What the registry says of a transfer's token: verified (with its issuer), native, or unverified. */
export function tokenOf(network: string, asset: string, contract: string | null) {
  const coin = findStablecoin(stablecoinIndex(), network, asset, contract);
  if (coin) return { token_status: 'verified' as const, token_issuer: coin.issuer, token_asset: coin.ticker };
  if (!contract && isNetwork(network) && NETWORKS[network].native === asset.toUpperCase())
    return { token_status: 'native' as const, token_issuer: null, token_asset: NETWORKS[network].native };
  return { token_status: 'unverified' as const, token_issuer: null, token_asset: null };
}

type Row = {
  seq: bigint;
  transaction_hash: string;
  network: string;
  from_address: string;
  to_address: string;
  asset: string;
  token_contract: string | null;
  amount: { toFixed(): string };
  timestamp: Date;
  org_id: string;
  env: string;
};

export const transferOut = (r: Row) => ({
  object: 'sandbox_transfer' as const,
  transaction_hash: r.transaction_hash,
  network: r.network,
  from_address: displayAddress(r.from_address),
  to_address: displayAddress(r.to_address),
  asset: r.asset,
  token_contract: r.token_contract ? displayAddress(r.token_contract) : null,
  ...tokenOf(r.network, r.asset, r.token_contract),
  amount: exactNumber(r.amount),
  timestamp: r.timestamp.toISOString(),
  block_number: Number(r.seq),
});

/**
 * Sandbox transfers after `cursor` (a `seq`), oldest first, across every organization:
 * the monitoring scanner's feed. Each row carries its org_id/env so the scanner routes it to
 * the right watchlists; the next cursor is the last row's `seq`.
 */
export async function listTransfersSince(db: Db, cursor: bigint, limit = 500) {
  const rows = await db.sandboxTransfer.findMany({
    where: { seq: { gt: cursor } },
    orderBy: { seq: 'asc' },
    take: limit,
  });
  return {
    transfers: rows.map((r) => ({ ...transferOut(r), org_id: r.org_id, env: r.env, seq: r.seq })),
    next_cursor: rows.length ? rows.at(-1)!.seq : cursor,
  };
}
