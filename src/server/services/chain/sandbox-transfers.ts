import { randomBytes } from 'node:crypto';
import type { Ctx, Db, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { exactNumber } from '../../json';
import { dec } from '../../domain/judgments/decimal';
import { NETWORKS, walletFor, type ChainNetwork } from '../../domain/crypto/networks';
import { recordChange } from '../audit/append';
import { displayAddress } from '../crypto/wallet-inputs';
import { wakeOnCommit } from '../../jobs/work-signal';

export interface SandboxTransferInput {
  network: ChainNetwork;
  from_address: string;
  to_address: string;
  asset: string;
  amount: string;
  timestamp?: string;
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
  const evm = NETWORKS[input.network].family === 'evm';
  const hash = (evm ? '0x' : '') + randomBytes(32).toString('hex');
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

type Row = {
  seq: bigint;
  transaction_hash: string;
  network: string;
  from_address: string;
  to_address: string;
  asset: string;
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
