import type { AuditEvent } from '@/generated/prisma/client';
import type { Tx } from '../../context';
import { defer, flushDeferred, runCtes, type Ctes } from '../../db/transaction';

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
 * The audit event's append to its chain, and its outbox event, as WITH entries of ONE statement:
 * - the chain head row is upserted (`ON CONFLICT DO UPDATE`), which locks it: concurrent
 *   appends to one chain queue on that row and each sees the head its predecessor committed,
 *   so the chain never forks and seq has no gaps;
 * - the new hash is computed by PostgreSQL from the locked head. The canonical text that
 *   `hashInput` would produce is split around seq (the only field the head decides), so
 *   `sha256(prev_hash || before || seq || after)` is byte for byte what `chainHash` computes
 *   and what `verifyMatterChain` recomputes;
 * - the event row (`ev`, returning seq, prev_hash, hash) and the outbox row are inserted from
 *   the head's RETURNING.
 * `canonical` is `hashInput` of the event with `seq` set to `seqMarker`.
 */
export function chainCtes(ev: PendingAudit, canonical: string, seqMarker: string, outbox: PendingOutbox | null): Ctes {
  // seq sorts after every field but timestamp, so the last occurrence is the seq value.
  const marker = JSON.stringify(seqMarker);
  const at = canonical.lastIndexOf(marker);
  const before = canonical.slice(0, at);
  const after = canonical.slice(at + marker.length);
  return (p) => {
    const key = p.add(ev.chain_key);
    const [pre, post] = [p.add(before), p.add(after)];
    const [id, org, env, matter, request] = [ev.id, ev.org_id, ev.env, ev.matter_id, ev.request_id].map((v) =>
      p.add(v),
    );
    return `
    head AS (
      INSERT INTO audit_chains AS c (chain_key, seq, head_hash, prev_hash)
      VALUES (${key}, 1, encode(sha256(convert_to(${pre}::text || '1' || ${post}::text, 'UTF8')), 'hex'), '')
      ON CONFLICT (chain_key) DO UPDATE SET
        seq = c.seq + 1,
        prev_hash = c.head_hash,
        head_hash = encode(sha256(convert_to(c.head_hash || ${pre}::text || (c.seq + 1)::text || ${post}::text, 'UTF8')), 'hex')
      RETURNING seq, head_hash, prev_hash
    ), ev AS (
      INSERT INTO audit_events (id, chain_key, seq, org_id, env, matter_id, event_type, actor_id, actor_key_id,
        actor_user_id, object_type, object_id, request_id, timestamp, details, prev_hash, hash)
      SELECT ${id}, ${key}, head.seq, ${org}, ${env}, ${matter}, ${p.add(ev.event_type)}, ${p.add(ev.actor_id)},
        ${p.add(ev.actor_key_id)}, ${p.add(ev.actor_user_id)}, ${p.add(ev.object_type)}, ${p.add(ev.object_id)},
        ${request}, ${p.add(ev.timestamp.toISOString())}::timestamptz, ${p.add(JSON.stringify(ev.details))}::jsonb,
        head.prev_hash, head.head_hash
      FROM head
      RETURNING seq, prev_hash, hash
    ), outbox AS (
      INSERT INTO events (id, org_id, env, matter_id, type, api_version, data, request_id, idempotency_key, audit_ref)
      SELECT ${p.add(outbox?.id ?? null)}, ${org}, ${env}, ${matter}, ${p.add(outbox?.type ?? null)},
        ${p.add(outbox?.api_version ?? null)}, ${p.add(outbox ? JSON.stringify(outbox.data) : null)}::jsonb, ${request},
        ${p.add(outbox?.idempotency_key ?? null)}, ${id}
      FROM ev WHERE ${p.add(outbox !== null)}::boolean
    )`;
  };
}

/**
 * Appends the event (and its outbox event) at the end of the caller's transaction when it was
 * opened by `transaction()` (the write's last round trip carries it, see `defer`), else now.
 * Either way it commits or rolls back with the change. Nothing in the transaction reads the
 * appended rows back; a caller that needs the event's seq and hash uses `appendChainNow`.
 */
export async function appendChain(tx: Tx, ctes: Ctes): Promise<void> {
  if (!defer(tx, ctes)) await runCtes(tx, ctes);
}

/**
 * Appends the event now and returns it chained (seq, prev_hash, hash). Writes the transaction
 * deferred before it go first, so the chain keeps the order of the calls.
 */
export async function appendChainNow(tx: Tx, ev: PendingAudit, ctes: Ctes): Promise<AuditEvent> {
  await flushDeferred(tx);
  const [row] = await runCtes<{ seq: number; prev_hash: string; hash: string }>(
    tx,
    ctes,
    'SELECT seq, prev_hash, hash FROM ev',
  );
  // details as stored (JSON), as a read of the row would give them.
  const details = JSON.parse(JSON.stringify(ev.details)) as object;
  return { ...ev, details, seq: Number(row.seq), prev_hash: row.prev_hash, hash: row.hash };
}
