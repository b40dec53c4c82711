import { randomUUID } from 'node:crypto';
import type { Ctx, Tx } from '../../context';
import { newId } from '../../ids';
import { canonicalJson, sha256Hex, toStored } from '../../json';
import { API_VERSION } from '../../config';
import { appendChain, appendChainNow, chainCtes, type PendingAudit, type PendingOutbox } from './chain-append';
import type { Ctes } from '../../db/transaction';
import { forgetCachedKeys } from '../../auth/key-cache';
import { wakeOnCommit } from '../../jobs/work-signal';

const AUTH_OBJECTS = new Set(['api_key', 'user', 'organization']);

export interface AuditInput {
  event_type: string;
  object_type: string;
  object_id: string;
  matter_id: string | null;
  details?: Record<string, unknown>;
  /**
   * The change itself as a WITH entry (an INSERT nothing reads back in the transaction), to be
   * written in the same statement as its audit and outbox events: on a write's last round trip.
   */
  write?: Ctes;
}

/** Matters have their own chain; organization-level events chain per organization and environment. */
export const chainKeyOf = (ctx: Pick<Ctx, 'org' | 'env'>, matterId: string | null) =>
  matterId ?? `org:${ctx.org.id}:${ctx.env}`;

/** The fields covered by `hash` (everything but the hash itself), in canonical form. */
export function hashInput(e: {
  id: string;
  chain_key: string;
  seq: number;
  org_id: string;
  env: string;
  matter_id: string | null;
  event_type: string;
  actor_id: string;
  actor_key_id: string | null;
  actor_user_id: string | null;
  object_type: string;
  object_id: string;
  request_id: string;
  timestamp: Date;
  details: unknown;
}): string {
  // Pick the fields explicitly: a stored row also carries prev_hash and hash.
  return canonicalJson({
    id: e.id,
    chain_key: e.chain_key,
    seq: e.seq,
    org_id: e.org_id,
    env: e.env,
    matter_id: e.matter_id,
    event_type: e.event_type,
    actor_id: e.actor_id,
    actor_key_id: e.actor_key_id,
    actor_user_id: e.actor_user_id,
    object_type: e.object_type,
    object_id: e.object_id,
    request_id: e.request_id,
    timestamp: e.timestamp.toISOString(),
    details: e.details,
  });
}

export const chainHash = (prevHash: string, canonical: string) => sha256Hex(prevHash + canonical);

/**
 * One event for its hash chain, with the outbox event of the change when `outbox` is given
 * (see chain-append.ts: one statement, the head row locked by it, so concurrent writers of one
 * chain queue up and the chain never forks). Its id, known now, becomes the request's
 * audit_ref; seq and hash are decided when it is written.
 */
function chainEntry(ctx: Ctx, tx: Tx, input: AuditInput, outbox: PendingOutbox | null) {
  const row: PendingAudit = {
    id: newId('audit_event'),
    chain_key: chainKeyOf(ctx, input.matter_id),
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
  // The marker stands in for seq, which only the locked chain head decides.
  const marker = `seq-${randomUUID()}`;
  const chain = chainCtes(row, hashInput({ ...row, seq: marker as unknown as number }), marker, outbox);
  const { write } = input;
  const ctes: Ctes = write ? (p) => `${write(p)}, ${chain(p)}` : chain;
  ctx.auditRef = row.id;
  // A change to a key, user or organization: this process forgets its cached keys now, so
  // the caller's next request sees the change. Other processes (and requests racing this
  // commit here) hear of it through the md_auth NOTIFY that the change's trigger sends.
  if (AUTH_OBJECTS.has(input.object_type)) forgetCachedKeys();
  if (outbox) wakeOnCommit(tx, 'webhooks');
  return { row, ctes };
}

/**
 * Appends an event to its chain inside the caller's transaction: at the transaction's end when
 * it can be (appendChain). Returns the event as known before the append (its id, no seq).
 */
export async function appendAudit(ctx: Ctx, tx: Tx, input: AuditInput, outbox: PendingOutbox | null = null) {
  const { row, ctes } = chainEntry(ctx, tx, input, outbox);
  await appendChain(tx, ctes);
  return row;
}

/** The outbox event of a change, when it publishes one. */
function outboxOf(ctx: Ctx, input: AuditInput & { data?: object }): PendingOutbox | null {
  // Exact decimals in the event's data are tagged for storage (json.ts), as in audit details.
  return input.data
    ? {
        id: newId('event'),
        type: input.event_type,
        api_version: API_VERSION,
        data: toStored({ object: input.data }) as object,
        idempotency_key: ctx.idempotencyKey,
      }
    : null;
}

/**
 * Writes the audit event and, when `data` is given, the outbox event of a state change:
 * both in the caller's transaction (one statement), so neither exists without the other or
 * the change.
 */
export async function recordChange(ctx: Ctx, tx: Tx, input: AuditInput & { data?: object }) {
  return appendAudit(ctx, tx, input, outboxOf(ctx, input));
}

/** `recordChange`, appended now, for a caller that answers with the chained event (seq, hash). */
export async function recordChangeNow(ctx: Ctx, tx: Tx, input: AuditInput & { data?: object }) {
  const { row, ctes } = chainEntry(ctx, tx, input, outboxOf(ctx, input));
  return appendChainNow(tx, row, ctes);
}
