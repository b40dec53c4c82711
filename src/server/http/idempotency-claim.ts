import type { Tx } from '../context';
import { txQuery, writeLast } from '../db/transaction';

export interface IdemWhere {
  org_id: string;
  env: string;
  key_id: string;
  idem_key: string;
}

export type Claim =
  { kind: 'in_use' } | { kind: 'claimed' } | { kind: 'stored'; fingerprint: string; status: number; body: unknown };

/** A claimed record holds this status until the request's outcome replaces it at commit. */
const PENDING = 0;

/**
 * Takes an Idempotency-Key in one statement:
 * 1. `pg_try_advisory_xact_lock` on the key: a request still running with it holds the lock,
 *    so this one is `in_use` (never waits, never runs twice);
 * 2. with the lock, an `INSERT … ON CONFLICT DO UPDATE` either creates a pending record
 *    (claimed), replaces an expired one (claimed), or returns the stored one unchanged.
 *    ON CONFLICT checks the latest committed row, not the statement's snapshot, so a record
 *    committed by a request that released the lock a moment ago is seen (a plain SELECT in
 *    the same statement could miss it and run the request twice).
 * A pending record is only ever visible inside its own transaction: it is completed by
 * `completeRecord` before commit, or rolled back with everything else.
 */
export async function claimKey(tx: Tx, where: IdemWhere, print: string, now: Date, expiresAt: Date): Promise<Claim> {
  const lockKey = `${where.org_id}|${where.env}|${where.key_id}|${where.idem_key}`;
  const [row] = await txQuery<{
    ok: boolean;
    fingerprint: string | null;
    response_status: number | null;
    response_body: unknown;
  }>(
    tx,
    `
    WITH l AS (SELECT pg_try_advisory_xact_lock(hashtextextended($1::text, 0)) AS ok),
    c AS (
      INSERT INTO idempotency_records AS r (org_id, env, key_id, idem_key, fingerprint, response_status, response_body, created_at, expires_at)
      SELECT $2::text, $3::text, $4::text, $5::text, $6::text, $7::int, 'null'::jsonb, $8::timestamptz, $9::timestamptz
      FROM l WHERE l.ok
      ON CONFLICT (org_id, env, key_id, idem_key) DO UPDATE SET
        fingerprint = CASE WHEN r.expires_at > EXCLUDED.created_at THEN r.fingerprint ELSE EXCLUDED.fingerprint END,
        response_status = CASE WHEN r.expires_at > EXCLUDED.created_at THEN r.response_status ELSE EXCLUDED.response_status END,
        response_body = CASE WHEN r.expires_at > EXCLUDED.created_at THEN r.response_body ELSE EXCLUDED.response_body END,
        created_at = CASE WHEN r.expires_at > EXCLUDED.created_at THEN r.created_at ELSE EXCLUDED.created_at END,
        expires_at = CASE WHEN r.expires_at > EXCLUDED.created_at THEN r.expires_at ELSE EXCLUDED.expires_at END
      RETURNING fingerprint, response_status, response_body
    )
    SELECT l.ok, c.fingerprint, c.response_status, c.response_body FROM l LEFT JOIN c ON true`,
    [
      lockKey,
      where.org_id,
      where.env,
      where.key_id,
      where.idem_key,
      print,
      PENDING,
      now.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  if (!row.ok) return { kind: 'in_use' };
  if (Number(row.response_status) === PENDING) return { kind: 'claimed' };
  return {
    kind: 'stored',
    fingerprint: row.fingerprint!,
    status: Number(row.response_status),
    body: row.response_body,
  };
}

/**
 * Stores the outcome in the claimed record (same transaction as the effect), as the
 * transaction's final write (`writeLast`): one statement with the audit and outbox append,
 * sent with COMMIT, so a write's record costs no round trip of its own.
 */
export async function completeRecord(tx: Tx, where: IdemWhere, status: number, body: unknown): Promise<void> {
  await writeLast(
    tx,
    (p) => `record AS (
      UPDATE idempotency_records SET response_status = ${p.add(status)}::int, response_body = ${p.add(JSON.stringify(body))}::jsonb
      WHERE org_id = ${p.add(where.org_id)} AND env = ${p.add(where.env)} AND key_id = ${p.add(where.key_id)}
        AND idem_key = ${p.add(where.idem_key)}
    )`,
  );
}
