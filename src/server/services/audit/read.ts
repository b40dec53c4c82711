import type { AuditEvent, Prisma } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError, notFound } from '../../errors';
import { isId } from '../../ids';
import { fromStored } from '../../json';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { canSeeMatter, loadMatter, loadWritableMatter } from '../matters/access';
import { chainHash, hashInput, recordChangeNow } from './append';
import { citableOnMatter } from './object-matter';

export function auditOut(e: AuditEvent) {
  return {
    object: 'audit_event' as const,
    event_id: e.id,
    matter_id: e.matter_id,
    event_type: e.event_type,
    actor_id: e.actor_id,
    actor: { key_id: e.actor_key_id, user_id: e.actor_user_id },
    object_type: e.object_type,
    object_id: e.object_id,
    request_id: e.request_id,
    timestamp: e.timestamp.toISOString(),
    created_at: e.timestamp.toISOString(),
    details: fromStored<Record<string, unknown>>(e.details),
    sequence: e.seq,
    prev_hash: e.prev_hash,
    hash: e.hash,
  };
}

export interface AuditFilters {
  object_type?: string;
  object_id?: string;
  actor_id?: string;
  event_type?: string;
  created_gte?: string;
  created_lte?: string;
}

/** A matter's audit events, newest first, keyset paged on (matter_id, id) indexes. */
export async function listMatterAudit(ctx: Ctx, db: Db, matterId: string, q: PageArgs & AuditFilters) {
  const m = await loadMatter(ctx, db, matterId);
  const where: Prisma.AuditEventWhereInput = {
    matter_id: m.id,
    ...(q.object_type ? { object_type: q.object_type } : {}),
    ...(q.object_id ? { object_id: q.object_id } : {}),
    ...(q.actor_id ? { actor_id: q.actor_id } : {}),
    ...(q.event_type ? { event_type: q.event_type } : {}),
    ...(q.created_gte || q.created_lte
      ? {
          timestamp: {
            ...(q.created_gte ? { gte: new Date(q.created_gte) } : {}),
            ...(q.created_lte ? { lte: new Date(q.created_lte) } : {}),
          },
        }
      : {}),
  };
  const { where: rest, lead } = leadOf(where, AUDIT_INDEXES);
  const page = await keysetPage(q, (a) => db.auditEvent.findMany({ ...a, where: { ...rest, ...a.where } }), lead);
  return listEnvelope(page, `/v1/audit/matters/${m.id}`, auditOut);
}

const AUDIT_INDEXES = listIndexes('AuditEvent', [
  ['matter_id', 'object_type', 'object_id'],
  ['matter_id', 'event_type'],
  ['matter_id', 'actor_id'],
  ['matter_id'],
]);

export async function getAuditEvent(ctx: Ctx, db: Db, id: string) {
  const e = isId('audit_event', id)
    ? await db.auditEvent.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } })
    : null;
  if (!e || (e.matter_id ? !canSeeMatter(ctx, e.matter_id) : ctx.actor.matter_ids !== null))
    throw notFound('audit event', id);
  return auditOut(e);
}

/**
 * Writes a caller-defined event (`custom.*`) into the matter's chain. An `object_id` that names
 * an object (by its id prefix) must be one of this matter or of the organization: 404
 * `not_found` on `object_id` otherwise, the answer for any object the caller cannot see there,
 * so another matter's (or tenant's) packet can neither be planted in its trail nor probed.
 */
export async function createCustomAudit(
  ctx: Ctx,
  tx: Tx,
  input: {
    matter_id: string;
    event_type: string;
    object_type?: string;
    object_id?: string;
    details?: Record<string, unknown>;
  },
) {
  if (!input.event_type.startsWith('custom.')) {
    throw new ApiError('parameter_invalid', "Custom audit events must have an event_type starting with 'custom.'.", {
      param: 'event_type',
    });
  }
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  if (input.object_id !== undefined && !(await citableOnMatter(ctx, tx, m.id, input.object_id)))
    throw notFound(`object on matter ${m.id}`, input.object_id, 'object_id');
  const e = await recordChangeNow(ctx, tx, {
    event_type: input.event_type,
    object_type: input.object_type ?? 'matter',
    object_id: input.object_id ?? m.id,
    matter_id: m.id,
    details: input.details ?? {},
  });
  return auditOut(e);
}

const VERIFY_BATCH = 2000;

/**
 * Recomputes a matter's chain in sequence order, in fixed-size batches (memory stays flat
 * however long the chain is). Reports the first event whose link or hash does not match.
 */
export async function verifyMatterChain(ctx: Ctx, db: Db, matterId: string) {
  const m = await loadMatter(ctx, db, matterId);
  let prev = '';
  let checked = 0;
  let firstInvalid: string | null = null;
  let afterSeq = 0;
  outer: for (;;) {
    const batch = await db.auditEvent.findMany({
      where: { chain_key: m.id, seq: { gt: afterSeq } },
      orderBy: { seq: 'asc' },
      take: VERIFY_BATCH,
    });
    for (const e of batch) {
      checked++;
      const expected = chainHash(prev, hashInput(e));
      if (e.seq !== afterSeq + 1 || e.prev_hash !== prev || e.hash !== expected) {
        firstInvalid = e.id;
        break outer;
      }
      prev = e.hash;
      afterSeq = e.seq;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  const head = await db.auditChain.findUnique({ where: { chain_key: m.id } });
  if (!firstInvalid && head && (head.seq !== afterSeq || head.head_hash !== prev)) {
    // Rows were deleted from the end of the chain: the head no longer matches the last event.
    firstInvalid =
      (await db.auditEvent.findFirst({ where: { chain_key: m.id }, orderBy: { seq: 'desc' }, select: { id: true } }))
        ?.id ?? m.id;
  }
  return {
    object: 'audit_verification' as const,
    matter_id: m.id,
    valid: firstInvalid === null,
    events_checked: checked,
    head_hash: head?.head_hash ?? null,
    first_invalid_event_id: firstInvalid,
    verified_at: new Date().toISOString(),
  };
}
