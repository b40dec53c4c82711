import type { Ctx, Db } from '../../context';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { aggRows, FAR_FUTURE, FAR_PAST } from './history-sql';

/** Blocks [start_block, next_block) of a wallet's history are read. */
export interface ScanCursor {
  start_block: bigint;
  next_block: bigint;
}

/** A transfer found on an evm_rpc chain; `log_index` -1 is a native transfer (a tx's value). */
export interface ScannedTransfer extends ChainTransfer {
  contract: string | null;
  log_index: number;
  block_number: number;
}

/**
 * Where the evm_rpc reader keeps its walk through wallet histories: a cursor per
 * (tenant, network, address) and the transfers found so far. `save` stores a slice's transfers
 * and advances the cursors together, so a run that fails leaves both where they were.
 */
export interface ScanStore {
  cursors(network: ChainNetwork, keys: string[]): Promise<Map<string, ScanCursor>>;
  save(network: ChainNetwork, keys: string[], cursor: ScanCursor, found: ScannedTransfer[]): Promise<void>;
  /** Stored transfers touching `keys` within [from, to], oldest first. */
  transfers(network: ChainNetwork, keys: string[], range: { from?: Date; to?: Date }): Promise<ScannedTransfer[]>;
}

const inRange = (t: ChainTransfer, r: { from?: Date; to?: Date }) =>
  (!r.from || t.timestamp >= r.from) && (!r.to || t.timestamp <= r.to);
const order = (a: ScannedTransfer, b: ScannedTransfer) => a.block_number - b.block_number || a.log_index - b.log_index;

/** A store in memory: the EVM tests without a database, and callers that keep nothing. */
export function memoryScanStore(): ScanStore {
  const cursors = new Map<string, ScanCursor>();
  const found = new Map<string, ScannedTransfer>();
  return {
    async cursors(network, keys) {
      const out = new Map<string, ScanCursor>();
      for (const k of keys) {
        const c = cursors.get(`${network}:${k}`);
        if (c) out.set(k, { ...c });
      }
      return out;
    },
    async save(network, keys, cursor, ts) {
      for (const t of ts) found.set(`${network}:${t.transaction_hash}:${t.log_index}`, t);
      for (const k of keys) cursors.set(`${network}:${k}`, { ...cursor });
    },
    async transfers(network, keys, range) {
      const mine = new Set(keys);
      return [...found.values()]
        .filter((t) => t.network === network && (mine.has(t.from) || mine.has(t.to)) && inRange(t, range))
        .sort(order);
    },
  };
}

type Packed = [string, number, string, string, string, string | null, string, number, number];

/** The store in the tenant's database (chain_scan_cursors, chain_scan_transfers). */
export function dbScanStore(ctx: Pick<Ctx, 'org' | 'env'>, db: Db): ScanStore {
  const org = ctx.org.id;
  const env = ctx.env;
  // Inside a request's transaction already (a Tx has no $transaction), or one of its own.
  const atomically = <T>(fn: (d: Db) => Promise<T>) => {
    const client = db as { $transaction?: (f: (tx: Db) => Promise<T>) => Promise<T> };
    return typeof client.$transaction === 'function' ? client.$transaction((tx) => fn(tx)) : fn(db);
  };
  return {
    async cursors(network, keys) {
      const rows = await db.chainScanCursor.findMany({
        where: { org_id: org, env, network, address_key: { in: keys } },
      });
      return new Map(rows.map((r) => [r.address_key, { start_block: r.start_block, next_block: r.next_block }]));
    },
    async save(network, keys, cursor, found) {
      await atomically(async (d) => {
        // A slice re-read after a failed save finds the same rows: skipDuplicates keeps one.
        for (let i = 0; i < found.length; i += 1000)
          await d.chainScanTransfer.createMany({
            data: found.slice(i, i + 1000).map((t) => ({
              org_id: org,
              env,
              network,
              transaction_hash: t.transaction_hash,
              log_index: t.log_index,
              from_address: t.from,
              to_address: t.to,
              asset: t.asset,
              contract: t.contract,
              amount: t.amount,
              block_number: BigInt(t.block_number),
              timestamp: t.timestamp,
            })),
            skipDuplicates: true,
          });
        for (const k of keys)
          await d.chainScanCursor.upsert({
            where: { org_id_env_network_address_key: { org_id: org, env, network, address_key: k } },
            create: { org_id: org, env, network, address_key: k, ...cursor, updated_at: new Date() },
            update: { ...cursor, updated_at: new Date() },
          });
      });
    },
    async transfers(network, keys, range) {
      if (!keys.length) return [];
      // One json_agg value, as the sandbox chain reads histories: one parse, not a value per cell.
      const [row] = await db.$queryRaw<{ rows: Packed[] | string | null }[]>`
        SELECT json_agg(json_build_array(transaction_hash, log_index, from_address, to_address, asset, contract,
                 amount::text, block_number, (extract(epoch FROM timestamp) * 1000)::bigint)
               ORDER BY block_number, log_index) AS rows
        FROM chain_scan_transfers
        WHERE org_id = ${org} AND env = ${env} AND network = ${network}
          AND timestamp >= ${range.from ?? FAR_PAST} AND timestamp <= ${range.to ?? FAR_FUTURE}
          AND (from_address = ANY(${keys}::text[]) OR to_address = ANY(${keys}::text[]))`;
      return aggRows(row?.rows).map(([hash, li, from, to, asset, contract, amount, block, ms]) => ({
        transaction_hash: hash,
        network,
        from,
        to,
        asset,
        contract,
        amount: amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount,
        timestamp: new Date(Number(ms)),
        block_number: Number(block),
        log_index: Number(li),
      }));
    },
  };
}
