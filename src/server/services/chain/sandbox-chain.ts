import type { Ctx, Db } from '../../context';
import type { ChainNetwork } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import type { ChainSource, Holding } from './source';

interface Row { seq: bigint; transaction_hash: string; network: string; from_address: string; to_address: string; asset: string; amount: string; timestamp: Date }

export const toTransfer = (r: Row): ChainTransfer => ({
  transaction_hash: r.transaction_hash, network: r.network, from: r.from_address, to: r.to_address,
  asset: r.asset, amount: r.amount, timestamp: new Date(r.timestamp), block_number: Number(r.seq),
});

const FAR_PAST = new Date('1970-01-01T00:00:00Z');
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

/**
 * The synthetic chain of the caller's organization sandbox: balances and histories computed in
 * SQL from its transfers (indexed by address and time), `seq` standing in for block numbers.
 */
export function sandboxChain(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, network: ChainNetwork): ChainSource {
  const org = ctx.org.id;
  const env = ctx.env;
  return {
    source: 'sandbox_chain', network, available: true, missing: null,
    async head() {
      const [h] = await db.$queryRaw<{ seq: bigint | null }[]>`
        SELECT max(seq) AS seq FROM sandbox_transfers WHERE org_id = ${org} AND env = ${env} AND network = ${network}`;
      return { block_number: h?.seq === null || h?.seq === undefined ? null : Number(h.seq), as_of: new Date().toISOString() };
    },
    async balances(address) {
      const rows = await db.$queryRaw<{ asset: string; amount: string }[]>`
        SELECT asset, (coalesce(sum(amount) FILTER (WHERE to_address = ${address}), 0)
                     - coalesce(sum(amount) FILTER (WHERE from_address = ${address}), 0))::text AS amount
        FROM sandbox_transfers
        WHERE org_id = ${org} AND env = ${env} AND network = ${network} AND (from_address = ${address} OR to_address = ${address})
        GROUP BY asset ORDER BY asset`;
      return rows.map((r): Holding => ({ asset: r.asset, contract: null, amount: r.amount }));
    },
    async transfers(addresses, range = {}) {
      if (!addresses.length) return [];
      const rows = await db.$queryRaw<Row[]>`
        SELECT seq, transaction_hash, network, from_address, to_address, asset, amount::text AS amount, timestamp
        FROM sandbox_transfers
        WHERE org_id = ${org} AND env = ${env} AND network = ${network}
          AND timestamp >= ${range.from ?? FAR_PAST} AND timestamp <= ${range.to ?? FAR_FUTURE}
          AND (from_address = ANY(${addresses}::text[]) OR to_address = ANY(${addresses}::text[]))
        ORDER BY timestamp, seq`;
      return rows.map(toTransfer);
    },
    async outgoing(addresses, range) {
      if (!addresses.length) return [];
      const rows = await db.$queryRaw<Row[]>`
        SELECT seq, transaction_hash, network, from_address, to_address, asset, amount::text AS amount, timestamp
        FROM sandbox_transfers
        WHERE org_id = ${org} AND env = ${env} AND network = ${network}
          AND timestamp >= ${range.from} AND timestamp <= ${range.to} AND from_address = ANY(${addresses}::text[])
        ORDER BY timestamp, seq`;
      return rows.map(toTransfer);
    },
    // The sandbox chain has no contracts: issuer status is not readable there.
    issuerStatus: async () => null,
  };
}
