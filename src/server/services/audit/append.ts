import type { Ctx, Tx } from '../../context';
import { newId } from '../../ids';
import { canonicalJson, sha256Hex, toStored } from '../../json';
import { API_VERSION } from '../../config';

export interface AuditInput {
  event_type: string;
  object_type: string;
  object_id: string;
  matter_id: string | null;
  details?: Record<string, unknown>;
}

/** Matters have their own chain; organization-level events chain per organization and environment. */
export const chainKeyOf = (ctx: Pick<Ctx, 'org' | 'env'>, matterId: string | null) =>
  matterId ?? `org:${ctx.org.id}:${ctx.env}`;

/** The fields covered by `hash` (everything but the hash itself), in canonical form. */
export function hashInput(e: {
  id: string; chain_key: string; seq: number; org_id: string; env: string; matter_id: string | null;
  event_type: string; actor_id: string; actor_key_id: string | null; actor_user_id: string | null;
  object_type: string; object_id: string; request_id: string; timestamp: Date; details: unknown;
}): string {
  // Pick the fields explicitly: a stored row also carries prev_hash and hash.
  return canonicalJson({
    id: e.id, chain_key: e.chain_key, seq: e.seq, org_id: e.org_id, env: e.env, matter_id: e.matter_id,
    event_type: e.event_type, actor_id: e.actor_id, actor_key_id: e.actor_key_id, actor_user_id: e.actor_user_id,
    object_type: e.object_type, object_id: e.object_id, request_id: e.request_id,
    timestamp: e.timestamp.toISOString(), details: e.details,
  });
}

export const chainHash = (prevHash: string, canonical: string) => sha256Hex(prevHash + canonical);

/**
 * Appends one event to its hash chain inside the caller's transaction. The chain head row is
 * locked (FOR UPDATE), so concurrent writers of one matter queue up and the chain never forks.
 * The event id becomes the request's audit_ref.
 */
export async function appendAudit(ctx: Ctx, tx: Tx, input: AuditInput) {
  const chain_key = chainKeyOf(ctx, input.matter_id);
  await tx.$executeRaw`INSERT INTO audit_chains (chain_key, seq, head_hash) VALUES (${chain_key}, 0, '') ON CONFLICT DO NOTHING`;
  const [head] = await tx.$queryRaw<{ seq: number; head_hash: string }[]>`
    SELECT seq, head_hash FROM audit_chains WHERE chain_key = ${chain_key} FOR UPDATE`;
  const row = {
    id: newId('audit_event'),
    chain_key,
    seq: Number(head.seq) + 1,
    org_id: ctx.org.id,
    env: ctx.env,
    matter_id: input.matter_id,
    event_type: input.event_type,
    actor_id: ctx.actor.id,
    actor_key_id: ctx.actor.key_id,
    actor_user_id: ctx.actor.user_id,
    object_type: input.object_type,
    object_id: input.object_id,
    request_id: ctx.requestId,
    timestamp: new Date(),
    details: toStored(input.details ?? {}) as object,
  };
  const hash = chainHash(head.head_hash, hashInput(row));
  const created = await tx.auditEvent.create({ data: { ...row, prev_hash: head.head_hash, hash } });
  await tx.$executeRaw`UPDATE audit_chains SET seq = ${row.seq}, head_hash = ${hash} WHERE chain_key = ${chain_key}`;
  ctx.auditRef = created.id;
  return created;
}

/**
 * Writes the audit event and, when `data` is given, the outbox event of a state change:
 * both in the caller's transaction, so neither exists without the other or the change.
 */
export async function recordChange(
  ctx: Ctx,
  tx: Tx,
  input: AuditInput & { data?: object },
) {
  const audit = await appendAudit(ctx, tx, input);
  if (input.data) {
    await tx.event.create({
      data: {
        id: newId('event'),
        org_id: ctx.org.id,
        env: ctx.env,
        matter_id: input.matter_id,
        type: input.event_type,
        api_version: API_VERSION,
        data: toStored({ object: input.data }) as object,
        request_id: ctx.requestId,
        idempotency_key: ctx.idempotencyKey,
        audit_ref: audit.id,
      },
    });
  }
  return audit;
}
