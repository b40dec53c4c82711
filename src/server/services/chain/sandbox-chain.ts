import { Prisma } from '@/generated/prisma/client';
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
/** Rows of one side (a wallet's outgoing or incoming) a hypothesis read tests per query. */
const SCAN_PAGE = 2_000;

/**
 * The synthetic chain of the caller's organization sandbox: balances and histories computed in
 * SQL from its transfers (indexed by address and time), `seq` standing in for block numbers.
 */
export function sandboxChain(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, network: ChainNetwork): ChainSource {
  const org = ctx.org.id;
  const env = ctx.env;
  /**
   * One side of the wallets' history (`from_address` or `to_address` among `addresses`),
   * SCAN_PAGE rows per query in (timestamp, seq) order with a step out to the event loop
   * between queries, keeping the rows that pass `keep` (a condition on `s`). Each address is
   * read through that side's index in time order (a lateral per address: with `= ANY` the
   * planner sorts every row of the side on every page); the keyset is the last row's exact
   * timestamp text, so no row is read twice.
   */
  async function scanSide(side: 'from' | 'to', addresses: string[], keep: Prisma.Sql) {
    const col = Prisma.raw(side === 'from' ? 'from_address' : 'to_address');
    const out: ChainTransfer[] = [];
    const pause = loopYield();
    let after: { ts: string; seq: bigint } = { ts: '-infinity', seq: -1n };
    for (;;) {
      const [r] = await db.$queryRaw<
        { rows: Packed[] | string | null; n: number; ts: string | null; seq: bigint | null }[]
      >`
        WITH raw AS MATERIALIZED (
          SELECT r.* FROM unnest(${addresses}::text[]) a(k) CROSS JOIN LATERAL (
            SELECT seq, transaction_hash, from_address, to_address, asset, amount, timestamp
            FROM sandbox_transfers
            WHERE org_id = ${org} AND env = ${env} AND network = ${network} AND ${col} = a.k
              AND timestamp >= ${after.ts}::timestamptz AND (timestamp, seq) > (${after.ts}::timestamptz, ${after.seq})
            ORDER BY timestamp, seq
            LIMIT ${SCAN_PAGE}
          ) r
          ORDER BY timestamp, seq
          LIMIT ${SCAN_PAGE}
        ), last AS (SELECT timestamp::text AS ts, seq FROM raw ORDER BY timestamp DESC, seq DESC LIMIT 1)
        SELECT (SELECT json_agg(json_build_array(seq, transaction_hash, from_address, to_address, asset, amount::text,
                  (extract(epoch FROM timestamp) * 1000)::bigint) ORDER BY timestamp, seq)
                FROM raw s WHERE ${keep}) AS rows,
               (SELECT count(*)::int FROM raw) AS n, (SELECT ts FROM last) AS ts, (SELECT seq FROM last) AS seq`;
      for (const t of unpack(network, [r])) out.push(t);
      if (Number(r.n) < SCAN_PAGE || r.ts === null) return out;
      after = { ts: r.ts, seq: BigInt(r.seq!) };
      await pause();
    }
  }
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
    async hypothesisTransfers(addresses, labelled, windowMs) {
      if (!addresses.length) return [];
      const window = `${Math.round(windowMs)} milliseconds`;
      // Outgoing: deposits to a labelled address, and payments whose payee sent something on
      // within the window (an index probe per payment, SCAN_PAGE payments per query).
      const sent = await scanSide(
        'from',
        addresses,
        Prisma.sql`(s.to_address = ANY(${labelled}::text[]) OR EXISTS (
          SELECT 1 FROM sandbox_transfers f
          WHERE f.org_id = ${org} AND f.env = ${env} AND f.network = ${network} AND f.from_address = s.to_address
            AND f.timestamp >= s.timestamp AND f.timestamp <= s.timestamp + ${window}::interval))`,
      );
      // Incoming: only withdrawals from a labelled address speak to an exchange.
      const got = await scanSide('to', addresses, Prisma.sql`s.from_address = ANY(${labelled}::text[])`);
      const seen = new Set(sent.map((t) => t.transaction_hash));
      return sent
        .concat(got.filter((t) => !seen.has(t.transaction_hash)))
        .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.block_number! - b.block_number!);
    },
    // The sandbox chain records contracts but runs none: issuer status is not readable there.
    issuerStatus: async () => null,
  };
}
