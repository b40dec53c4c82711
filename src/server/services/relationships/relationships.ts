import type { Ctx, Db, Tx } from '../../context';
import { ApiError, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { normalizeCounterpartyName } from '../../domain/relationships/counterparty-name';
import { recordChange } from '../audit/append';
import { keysetPage, leadOf, listIndexes, listEnvelope, newest, type PageArgs } from '../paging';
import { eventData } from '../judgments/serialize';
import { relationshipOut } from './serialize';

/** Contact logs shown inline on a relationship, newest first. */
export const HISTORY_LIMIT = 50;

/**
 * The registry is shared by every matter of the organization's environment (its contact
 * history spans them), so a key or user restricted to specific matters may not read or change
 * it. Logging a contact on one's own matter is allowed (see createContactLog).
 */
export function assertRegistryAccess(ctx: Ctx) {
  if (ctx.actor.matter_ids !== null) {
    throw new ApiError(
      'matter_restricted_key',
      'The relationship registry spans every matter; a key or user restricted to specific matters cannot use it.',
    );
  }
}

/** A relationship of the caller's org and environment, with its counterparty; else 404. */
export async function findRelationship(ctx: Ctx, db: Db, id: string) {
  const r = isId('relationship', id)
    ? await db.relationship.findFirst({
        where: { id, org_id: ctx.org.id, env: ctx.env },
        include: { counterparty: true },
      })
    : null;
  if (!r) throw notFound('relationship', id);
  return r;
}

/**
 * The counterparty of (type, name) in the caller's org and environment, created on first use.
 * The unique index on the normalized name decides under concurrency: the insert does nothing
 * when another request made it first, and the read then finds that one.
 */
async function counterpartyFor(ctx: Ctx, tx: Tx, type: string, name: string) {
  const normalized = normalizeCounterpartyName(name);
  await tx.$executeRaw`
    INSERT INTO counterparties (id, org_id, env, type, name, normalized_name)
    VALUES (${newId('counterparty')}, ${ctx.org.id}, ${ctx.env}, ${type}, ${name}, ${normalized})
    ON CONFLICT (org_id, env, type, normalized_name) DO NOTHING`;
  return (await tx.counterparty.findFirst({
    where: { org_id: ctx.org.id, env: ctx.env, type, normalized_name: normalized },
  }))!;
}

export interface RelationshipInput {
  counterparty_type: string;
  counterparty_name: string;
  channel_type: string;
  usable_by_operator: boolean;
  usable_by_counsel: boolean;
  usable_by_law_enforcement: boolean;
  authorized_submitter_required: boolean;
  packet_types_supported: string[];
  risk_level?: string;
  notes?: string | null;
}

/** Registers a channel to a counterparty (found or created by type and normalized name). */
export async function createRelationship(ctx: Ctx, tx: Tx, input: RelationshipInput) {
  assertRegistryAccess(ctx);
  const cp = await counterpartyFor(ctx, tx, input.counterparty_type, input.counterparty_name);
  const r = await tx.relationship.create({
    data: {
      id: newId('relationship'),
      org_id: ctx.org.id,
      env: ctx.env,
      counterparty_id: cp.id,
      channel_type: input.channel_type,
      usable_by_operator: input.usable_by_operator,
      usable_by_counsel: input.usable_by_counsel,
      usable_by_law_enforcement: input.usable_by_law_enforcement,
      authorized_submitter_required: input.authorized_submitter_required,
      packet_types_supported: [...new Set(input.packet_types_supported)],
      risk_level: input.risk_level ?? 'medium',
      notes: input.notes ?? null,
    },
  });
  const out = relationshipOut(r, cp);
  await recordChange(ctx, tx, {
    event_type: 'relationship.created',
    object_type: 'relationship',
    object_id: r.id,
    matter_id: null,
    details: {
      counterparty_id: cp.id,
      counterparty_type: cp.type,
      counterparty_name: cp.name,
      channel_type: r.channel_type,
    },
    data: eventData(out),
  });
  return out;
}

const RELATIONSHIP_INDEXES = listIndexes('Relationship', [['counterparty_id'], ['org_id', 'env']]);

/** Relationships of the environment, newest first, by counterparty, its type, or a supported packet type. */
export async function listRelationships(
  ctx: Ctx,
  db: Db,
  q: PageArgs & { counterparty_id?: string; counterparty_type?: string; packet_type?: string },
) {
  assertRegistryAccess(ctx);
  const { where, lead } = leadOf(
    {
      org_id: ctx.org.id,
      env: ctx.env,
      counterparty_id: q.counterparty_id,
      ...(q.counterparty_type ? { counterparty: { type: q.counterparty_type } } : {}),
      ...(q.packet_type ? { packet_types_supported: { has: q.packet_type } } : {}),
    },
    RELATIONSHIP_INDEXES,
  );
  const page = await keysetPage(
    q,
    (a) => db.relationship.findMany({ ...a, where: { ...a.where, ...where }, include: { counterparty: true } }),
    lead,
  );
  return listEnvelope(page, '/v1/relationships', (r) => relationshipOut(r, r.counterparty));
}

/** A relationship's latest contacts, newest first. */
const contactHistory = (db: Db, relationshipId: string) =>
  newest(HISTORY_LIMIT, (a) => db.contactLog.findMany(a), { relationship_id: relationshipId });

/** A relationship with its channel rules, packet support and contact history. */
export async function getRelationship(ctx: Ctx, db: Db, id: string) {
  assertRegistryAccess(ctx);
  const r = await findRelationship(ctx, db, id);
  const history = await contactHistory(db, r.id);
  return relationshipOut(r, r.counterparty, history);
}

/** Changes the channel type, risk level, notes or supported packet types; writes relationship.updated. */
export async function updateRelationship(
  ctx: Ctx,
  tx: Tx,
  id: string,
  patch: { channel_type?: string; risk_level?: string; notes?: string | null; packet_types_supported?: string[] },
) {
  assertRegistryAccess(ctx);
  const r = await findRelationship(ctx, tx, id);
  const updated = await tx.relationship.update({
    where: { id: r.id },
    data: {
      channel_type: patch.channel_type,
      risk_level: patch.risk_level,
      notes: patch.notes,
      packet_types_supported: patch.packet_types_supported ? [...new Set(patch.packet_types_supported)] : undefined,
    },
  });
  const history = await contactHistory(tx, r.id);
  const out = relationshipOut(updated, r.counterparty, history);
  await recordChange(ctx, tx, {
    event_type: 'relationship.updated',
    object_type: 'relationship',
    object_id: r.id,
    matter_id: null,
    details: { changed: Object.keys(patch), counterparty_id: r.counterparty_id },
    // The event carries the relationship as created events do: without the contact history,
    // which has its own contact_log.created events and would bloat every delivery.
    data: eventData({ ...out, contact_history: [] }),
  });
  return out;
}
