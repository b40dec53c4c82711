import { Prisma } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import type { ChainNetwork } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import type { ChainSource, Holding } from './source';
import { aggRows, FAR_FUTURE, FAR_PAST } from './history-sql';
import { loopYield } from '../loop-yield';
import { dbRunsInProcess } from '../../db/client';

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
 * Rows one side-read query may touch (a wallet's outgoing or incoming transfers), and addresses
 * per query (each gets an equal share of the rows, at least 20). On PGlite a query runs on the
 * server's own thread, and ~2,000 indexed rows with their per-row tests are tens of
 * milliseconds there, so no query holds other requests for long. PostgreSQL runs a query in its
 * own process while this one serves other requests: there a page only bounds one answer's size,
 * and fewer, larger queries save the round trips (a 100,000-transfer wallet in a few queries).
 */
const sideLimits = () => (dbRunsInProcess() ? { rows: 2_000, addresses: 100 } : { rows: 25_000, addresses: 1_000 });

/** The columns a side read hands on: a whole transfer. */
const ROW_COLUMNS = Prisma.sql`seq, transaction_hash, from_address, to_address, asset, token_contract, amount, timestamp`;
/** Addresses per balance query (primary-key probes into sandbox_balances). */
const BALANCE_ADDRESSES = 250;

/** Where one address's side read has got to: its last row's exact timestamp text and seq. */
type Cursor = { k: string; ts: string; seq: string };
const START: Omit<Cursor, 'k'> = { ts: '-infinity', seq: '-1' };

/**
 * The synthetic chain of the caller's organization sandbox: balances and histories computed in
 * SQL from its transfers (indexed by address and time), `seq` standing in for block numbers.
 */
export function sandboxChain(ctx: Pick<Ctx, 'org' | 'env'>, db: Db, network: ChainNetwork): ChainSource {
  const org = ctx.org.id;
  const env = ctx.env;
  /**
   * Reads one side of the addresses' transfers (`from_address` or `to_address` among them) in
   * bounded queries with a step out to the event loop between them, and hands each query's rows
   * (the CTE `raw`, with the address as `addr`) to `payload`, whose one value is returned per
   * query. Each address is read through that side's index in time order (a lateral per address:
   * with `= ANY` over 1,000 addresses the planner filters every row of the organization against
   * the list), at most `sideLimits().rows` rows per query shared among its addresses; an
   * address that used its whole share is read on from its own keyset (its last row's exact
   * timestamp text and seq, so no row is read twice). So on PGlite a wallet with 100,000
   * transfers and a matter of 1,000 small wallets are both many short queries, never one long one.
   */
  async function readSide<P>(
    side: 'from' | 'to',
    addresses: string[],
    payload: Prisma.Sql,
    range: { from?: Date; to?: Date } = {},
  ): Promise<P[]> {
    const { rows, addresses: perQuery } = sideLimits();
    const col = Prisma.raw(side === 'from' ? 'from_address' : 'to_address');
    const start = range.from ? { ts: range.from.toISOString(), seq: '-1' } : START;
    let open: Cursor[] = [...new Set(addresses)].map((k) => ({ k, ...start }));
    const out: P[] = [];
    const pause = loopYield();
    while (open.length) {
      const batch = open.slice(0, perQuery);
      const share = Math.max(20, Math.floor(rows / batch.length));
      const [r] = await db.$queryRaw<
        { out: P | string | null; cursors: [string, number, string, string][] | string | null }[]
      >`
        WITH raw AS MATERIALIZED (
          SELECT a.k AS addr, r.* FROM unnest(${batch.map((c) => c.k)}::text[], ${batch.map((c) => c.ts)}::text[],
                                              ${batch.map((c) => c.seq)}::text[]) a(k, ts, sq)
          CROSS JOIN LATERAL (
            SELECT ${ROW_COLUMNS} FROM sandbox_transfers
            WHERE org_id = ${org} AND env = ${env} AND network = ${network} AND ${col} = a.k
              AND timestamp >= a.ts::timestamptz AND (timestamp, seq) > (a.ts::timestamptz, a.sq::bigint)
              AND timestamp <= ${range.to ?? FAR_FUTURE}
            ORDER BY timestamp, seq
            LIMIT ${share}
          ) r
        ), last AS (
          SELECT DISTINCT ON (addr) addr, count(*) OVER (PARTITION BY addr)::int AS n, timestamp::text AS ts, seq::text AS sq
          FROM raw ORDER BY addr, raw.timestamp DESC, raw.seq DESC
        )
        SELECT (${payload}) AS out, (SELECT json_agg(json_build_array(addr, n, ts, sq)) FROM last) AS cursors`;
      const got = r.out === null ? null : typeof r.out === 'string' ? (JSON.parse(r.out) as P) : r.out;
      if (got !== null) out.push(got);
      // An address that filled its share may have more; the others are done.
      const more = aggRows(r.cursors)
        .filter(([, n]) => n >= share)
        .map(([k, , ts, seq]): Cursor => ({ k, ts, seq }));
      open = more.concat(open.slice(batch.length));
      if (open.length) await pause();
    }
    return out;
  }

  /** One side's transfers among `addresses` that pass `keep` (a condition on `s`), in chain order per query. */
  async function scanSide(
    side: 'from' | 'to',
    addresses: string[],
    keep: Prisma.Sql,
    range?: { from: Date; to: Date },
  ) {
    const pages = await readSide<Packed[]>(
      side,
      addresses,
      Prisma.sql`SELECT json_agg(json_build_array(seq, transaction_hash, from_address, to_address, asset, amount::text,
                   (extract(epoch FROM timestamp) * 1000)::bigint) ORDER BY timestamp, seq)
                 FROM raw s WHERE ${keep}`,
      range,
    );
    const out: ChainTransfer[] = [];
    for (const page of pages) for (const t of unpack(network, [{ rows: page }])) out.push(t);
    return out;
  }

  /**
   * Balances of `addresses` per asset and contract, from the running balances the insert
   * trigger keeps (sandbox_balances): each amount is the exact text one aggregate over all the
   * address's transfers gives (scale 18, "-5.000…"), read as a few rows however long the
   * history is.
   */
  async function balancesIn(addresses: string[]) {
    const out = new Map<string, Holding[]>(addresses.map((a) => [a, []]));
    const keys = [...out.keys()];
    const pause = loopYield();
    for (let i = 0; i < keys.length; i += BALANCE_ADDRESSES) {
      const rows = await db.$queryRaw<{ k: string; a: string; c: string; amount: string }[]>`
        SELECT address AS k, asset AS a, contract_key AS c, amount::text AS amount FROM sandbox_balances
        WHERE org_id = ${org} AND env = ${env} AND network = ${network}
          AND address = ANY(${keys.slice(i, i + BALANCE_ADDRESSES)}::text[])
        ORDER BY address, asset, nullif(contract_key, '')`;
      for (const r of rows) out.get(r.k)!.push({ asset: r.a, contract: r.c || null, amount: r.amount });
      await pause();
    }
    return out;
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
      return (await balancesIn([address])).get(address)!;
    },
    balancesOf: balancesIn,
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
      // Each address's rows come in chain order; the addresses' rows are merged into it here.
      return (await scanSide('from', addresses, Prisma.sql`TRUE`, range)).sort(
        (a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.block_number! - b.block_number!,
      );
    },
    async hypothesisTransfers(addresses, labelled, windowMs) {
      if (!addresses.length) return [];
      const window = `${Math.round(windowMs)} milliseconds`;
      // Outgoing: deposits to a labelled address, and payments whose payee sent something on
      // within the window (an index probe per payment, a bounded page of payments per query).
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
