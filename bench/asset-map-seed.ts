/**
 * Seeds the sandbox chain and a matter's wallets in SQL for the asset-map benchmark and its
 * event-loop test: 100,000 transfers through the API would measure the seeding, not the map.
 */
import { BINANCE_9 } from '../tests/helpers/fixtures-chain';

type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * One wallet with `n` transfers: half in from distinct payers, half out to distinct payees,
 * one payee in ten forwarding to a labelled exchange within the 72-hour deposit window.
 */
export async function seedBusyWallet(sql: Sql, orgId: string, wallet: string, n: number) {
  const half = Math.floor(n / 2);
  await sql(
    `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, amount, timestamp)
     SELECT '0x' || md5('bin' || $2 || i) || md5('bin2' || i), $1, 'sandbox', 'ethereum', '0x' || substr(md5('bpayer' || i), 1, 40), $2,
            CASE WHEN i % 3 = 0 THEN 'ETH' ELSE 'USDT' END, 100 + i % 7, now() - interval '1 second' * ($3 * 4 - i)
     FROM generate_series(1, $3::int) i`,
    [orgId, wallet, half],
  );
  await sql(
    `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, amount, timestamp)
     SELECT '0x' || md5('bout' || $2 || i) || md5('bout2' || i), $1, 'sandbox', 'ethereum', $2, '0x' || substr(md5('bpayee' || i), 1, 40),
            'USDT', 10 + i % 5, now() - interval '1 second' * ($3 * 2 - i)
     FROM generate_series(1, $3::int) i`,
    [orgId, wallet, n - half],
  );
  await sql(
    `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, amount, timestamp)
     SELECT '0x' || md5('bfwd' || $2 || i) || md5('bfwd2' || i), $1, 'sandbox', 'ethereum', '0x' || substr(md5('bpayee' || i), 1, 40), $2,
            'USDT', 10 + i % 5, now() - interval '1 second' * ($3 * 2 - i) + interval '1 hour'
     FROM generate_series(1, $3::int, 10) i`,
    [orgId, BINANCE_9, n - half],
  );
}

/** `wallets` imported wallets on the matter, each with `per` transfers in and out. */
export async function seedMatterWallets(sql: Sql, orgId: string, matterId: string, wallets: number, per: number) {
  await sql(
    `INSERT INTO attribution_wallets (id, org_id, env, matter_id, network, address, address_key, role, source_refs, updated_at)
     SELECT 'wal_' || substr(md5($2 || w), 1, 24), $1, 'sandbox', $2, 'ethereum', '0x' || substr(md5('mw' || w), 1, 40),
            '0x' || substr(md5('mw' || w), 1, 40), 'debtor_owned', '[]', now()
     FROM generate_series(1, $3::int) w`,
    [orgId, matterId, wallets],
  );
  // Odd i: the wallet pays a fresh payee; even i: a fresh payer pays the wallet.
  await sql(
    `INSERT INTO sandbox_transfers (transaction_hash, org_id, env, network, from_address, to_address, asset, amount, timestamp)
     SELECT '0x' || md5('mt' || w || ':' || i) || md5('mt2' || w || ':' || i), $1, 'sandbox', 'ethereum',
            CASE WHEN i % 2 = 0 THEN '0x' || substr(md5('mpay' || w || ':' || i), 1, 40) ELSE '0x' || substr(md5('mw' || w), 1, 40) END,
            CASE WHEN i % 2 = 0 THEN '0x' || substr(md5('mw' || w), 1, 40) ELSE '0x' || substr(md5('mpay' || w || ':' || i), 1, 40) END,
            'USDT', 5 + i % 3, now() - interval '1 second' * (w * $2 + i)
     FROM generate_series(1, $3::int) w, generate_series(1, $2::int) i`,
    [orgId, per, wallets],
  );
  await sql('ANALYZE');
}
