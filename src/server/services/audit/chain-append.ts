import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '@/generated/prisma/client';
import type { Tx } from '../../context';
import { txQuery } from '../../db/transaction';

/** An audit event before the chain gives it seq, prev_hash and hash. */
export type PendingAudit = Omit<AuditEvent, 'seq' | 'prev_hash' | 'hash' | 'details'> & { details: object };

/** The outbox row written with it, when the change publishes an event. */
export interface PendingOutbox {
  id: string;
  type: string;
  api_version: string;
  data: object;
  idempotency_key: string | null;
}

/**
 * Appends an audit event to its chain, and writes its outbox event, in ONE statement:
 * - the chain head row is upserted (`ON CONFLICT DO UPDATE`), which locks it: concurrent
 *   appends to one chain queue on that row and each sees the head its predecessor committed,
 *   so the chain never forks and seq has no gaps;
 * - the new hash is computed by PostgreSQL from the locked head. The canonical text that
 *   `hashInput` would produce is split around seq (the only field the head decides), so
 *   `sha256(prev_hash || before || seq || after)` is byte for byte what `chainHash` computes
 *   and what `verifyMatterChain` recomputes;
 * - the event row and the outbox row are inserted from the head's RETURNING.
 * It runs in the caller's transaction, so all of it commits or rolls back with the change.
 * `canonical` is `hashInput` of the event with `seq` set to the given marker.
 */
export async function appendChain(
  tx: Tx,
  ev: PendingAudit,
  canonicalWith: (seqMarker: string) => string,
  outbox: PendingOutbox | null,
): Promise<AuditEvent> {
  const marker = `seq-${randomUUID()}`;
  const canonical = canonicalWith(marker);
  // seq sorts after every field but timestamp, so the last occurrence is the seq value.
  const at = canonical.lastIndexOf(JSON.stringify(marker));
  const before = canonical.slice(0, at);
  const after = canonical.slice(at + JSON.stringify(marker).length);
  const details = JSON.stringify(ev.details);
  const ts = ev.timestamp.toISOString();
  const [row] = await txQuery<{ seq: number; prev_hash: string; hash: string }>(
    tx,
    `
    WITH head AS (
      INSERT INTO audit_chains AS c (chain_key, seq, head_hash, prev_hash)
      VALUES ($1, 1, encode(sha256(convert_to($2::text || '1' || $3::text, 'UTF8')), 'hex'), '')
      ON CONFLICT (chain_key) DO UPDATE SET
        seq = c.seq + 1,
        prev_hash = c.head_hash,
        head_hash = encode(sha256(convert_to(c.head_hash || $2::text || (c.seq + 1)::text || $3::text, 'UTF8')), 'hex')
      RETURNING seq, head_hash, prev_hash
    ), ev AS (
      INSERT INTO audit_events (id, chain_key, seq, org_id, env, matter_id, event_type, actor_id, actor_key_id,
        actor_user_id, object_type, object_id, request_id, timestamp, details, prev_hash, hash)
      SELECT $4, $1, head.seq, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::timestamptz, $16::jsonb,
        head.prev_hash, head.head_hash
      FROM head
      RETURNING seq, prev_hash, hash
    ), outbox AS (
      INSERT INTO events (id, org_id, env, matter_id, type, api_version, data, request_id, idempotency_key, audit_ref)
      SELECT $17, $5, $6, $7, $18, $19, $20::jsonb, $14, $21, $4
      FROM ev WHERE $22::boolean
    )
    SELECT seq, prev_hash, hash FROM ev`,
    [
      ev.chain_key,
      before,
      after,
      ev.id,
      ev.org_id,
      ev.env,
      ev.matter_id,
      ev.event_type,
      ev.actor_id,
      ev.actor_key_id,
      ev.actor_user_id,
      ev.object_type,
      ev.object_id,
      ev.request_id,
      ts,
      details,
      outbox?.id ?? null,
      outbox?.type ?? null,
      outbox?.api_version ?? null,
      outbox ? JSON.stringify(outbox.data) : null,
      outbox?.idempotency_key ?? null,
      outbox !== null,
    ],
  );
  return { ...ev, details: JSON.parse(details), seq: Number(row.seq), prev_hash: row.prev_hash, hash: row.hash };
}
