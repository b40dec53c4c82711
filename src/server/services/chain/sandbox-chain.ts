import type { Ctx, Db } from '../../context';
import type { ChainNetwork } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import type { ChainSource, Holding } from './source';
import { aggRows, FAR_FUTURE, FAR_PAST } from './history-sql';
import { loopYield } from '../loop-yield';

/** [seq, hash, from, to, asset, amount text, epoch ms]: one JSON array per row. */
type Packed = [number, string, string, string, string, string, number];

/**
 * Histories come back as one json_agg value: a wallet with 10,000 transfers is then one JSON
 * parse instead of 70,000 values converted one by one by the driver adapter.
 */
const unpack = (network: string, rows: { rows: Packed[] | string | null }[]): ChainTransfer[] => {
  return aggRows(rows[0]?.rows).map(([seq, hash, from, to, asset, amount, ms]) => ({
    transaction_hash: hash,
    network,
    from,
    to,
    asset,
    amount,
    timestamp: new Date(Number(ms)),
    block_number: Number(seq),
  }));
};

/** Rows per page of a history read (a page's JSON is under 1 MB). */
const HISTORY_PAGE = 5_000;

/**
 * The synthetic chain of the caller's organization sandbox: balances and histories computed in
 * SQL from its transfers (indexed by address and time), `seq` standing in for block numbers.
 */
export function sandboxChain(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, network: ChainNetwork): ChainSource {
  const org = ctx.org.id;
  const env = ctx.env;
  return {
    source: 'sandbox_chain',
    network,
    available: true,
    missing: null,
    async head() {
      const [h] = await db.$queryRaw<{ seq: bigint | null }[]>`
        SELECT max(seq) AS seq FROM sandbox_transfers WHERE org_id = ${org} AND env = ${env} AND network = ${network}`;
      return {
        block_number: h?.seq === null || h?.seq === undefined ? null : Number(h.seq),
        as_of: new Date().toISOString(),
      };
    },
    async balances(address) {
      const rows = await db.$queryRaw<{ asset: string; token_contract: string | null; amount: string }[]>`
        SELECT asset, token_contract, (coalesce(sum(amount) FILTER (WHERE to_address = ${address}), 0)
                     - coalesce(sum(amount) FILTER (WHERE from_address = ${address}), 0))::text AS amount
        FROM sandbox_transfers
        WHERE org_id = ${org} AND env = ${env} AND network = ${network} AND (from_address = ${address} OR to_address = ${address})
        GROUP BY asset, token_contract ORDER BY asset, token_contract`;
      return rows.map((r): Holding => ({ asset: r.asset, contract: r.token_contract, amount: r.amount }));
    },
    async balancesOf(addresses) {
      const out = new Map<string, Holding[]>(addresses.map((a) => [a, []]));
      if (!addresses.length) return out;
      // The per-address balance above, for every address at once: incoming minus outgoing.
      const rows = await db.$queryRaw<
        { address: string; asset: string; token_contract: string | null; amount: string }[]
      >`
        SELECT address, asset, token_contract, sum(delta)::text AS amount FROM (
          SELECT to_address AS address, asset, token_contract, amount AS delta FROM sandbox_transfers
          WHERE org_id = ${org} AND env = ${env} AND network = ${network} AND to_address = ANY(${addresses}::text[])
          UNION ALL
          SELECT from_address, asset, token_contract, -amount FROM sandbox_transfers
          WHERE org_id = ${org} AND env = ${env} AND network = ${network} AND from_address = ANY(${addresses}::text[])
        ) t
        GROUP BY address, asset, token_contract ORDER BY address, asset, token_contract`;
      for (const r of rows) out.get(r.address)?.push({ asset: r.asset, contract: r.token_contract, amount: r.amount });
      return out;
    },
    async transfers(addresses, range = {}) {
      if (!addresses.length) return [];
      // In pages of HISTORY_PAGE rows, keyset on (timestamp, seq), stepping out to the event loop
      // between pages: one json_agg of a 100,000-transfer history is a JSON value of ~15 MB whose
      // parse alone held the loop for over a second (bench/asset-map.ts).
      const out: ChainTransfer[] = [];
      const pause = loopYield();
      let after = { ts: new Date(-1), seq: -1n };
      for (;;) {
        const page = unpack(
          network,
          await db.$queryRaw`
          SELECT json_agg(json_build_array(seq, transaction_hash, from_address, to_address, asset, amount, ms) ORDER BY timestamp, seq) AS rows
          FROM (
            SELECT seq, transaction_hash, from_address, to_address, asset, amount::text AS amount, timestamp,
                   (extract(epoch FROM timestamp) * 1000)::bigint AS ms
            FROM sandbox_transfers
            WHERE org_id = ${org} AND env = ${env} AND network = ${network}
              AND timestamp >= ${range.from ?? FAR_PAST} AND timestamp <= ${range.to ?? FAR_FUTURE}
              AND (from_address = ANY(${addresses}::text[]) OR to_address = ANY(${addresses}::text[]))
              AND (timestamp, seq) > (${after.ts}, ${after.seq})
            ORDER BY timestamp, seq
            LIMIT ${HISTORY_PAGE}
          ) p`,
        );
        for (const t of page) out.push(t);
        if (page.length < HISTORY_PAGE) return out;
        const last = page.at(-1)!;
        after = { ts: last.timestamp, seq: BigInt(last.block_number!) };
        await pause();
      }
    },
    async outgoing(addresses, range) {
      if (!addresses.length) return [];
      return unpack(
        network,
        await db.$queryRaw`
        SELECT json_agg(json_build_array(seq, transaction_hash, from_address, to_address, asset, amount::text, (extract(epoch FROM timestamp) * 1000)::bigint) ORDER BY timestamp, seq) AS rows
        FROM sandbox_transfers
        WHERE org_id = ${org} AND env = ${env} AND network = ${network}
          AND timestamp >= ${range.from} AND timestamp <= ${range.to} AND from_address = ANY(${addresses}::text[])`,
      );
    },
    // The sandbox chain records contracts but runs none: issuer status is not readable there.
    issuerStatus: async () => null,
  };
}
