import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidTransition } from '../../errors';
import { isId } from '../../ids';
import { requireScope } from '../../auth/require-scope';
import {
  allowedPacketMoves,
  needsReason,
  RESPONSE_MOVES,
  reviewStatusAfter,
  type PacketStatus,
} from '../../domain/packets/status';
import { recordChange } from '../audit/append';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { loadOwned, loadWritableMatter, listMatterFilter } from '../matters/access';
import { currentReadiness } from './readiness-inputs';
import { packetEventData, packetOut } from './serialize';
import { requestExport } from '../exports/exports';
import { isPausedPacketMove, packetNeedsLicense } from '../sanctions/collection-operations';
import { assertCollectionNotPaused } from '../sanctions/pause';

/** A packet of the caller's org and environment that the actor may see; anything else is 404. */
export const findPacket = (ctx: Ctx, db: Db, id: string) =>
  loadOwned(ctx, 'packet', id, isId('packet', id), () =>
    db.packet.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );

async function latestExport(db: Db, packetId: string, exportId: string | null) {
  return exportId ? db.export.findFirst({ where: { id: exportId, object_id: packetId } }) : null;
}

/** A packet with its contents, source manifest, review state, sender and latest export. */
export async function getPacket(ctx: Ctx, db: Db, id: string) {
  const p = await findPacket(ctx, db, id);
  // An open packet shows its readiness as of now (the judgment may have been validated,
  // satisfied or stayed since it was drafted), the same facts approval will check.
  const open = ['draft', 'in_review', 'approved'].includes(p.status);
  const readiness = open ? ((await currentReadiness(ctx, db, p)) as object) : p.readiness;
  return packetOut({ ...p, readiness }, await latestExport(db, p.id, p.latest_export_id));
}

export const PACKET_LIST_URL = '/v1/packets';

/** The packets table's list indexes (their columns before the id, narrowest first), for leadOf. */
export const PACKET_INDEXES = listIndexes('Packet', [
  ['matter_id', 'status'],
  ['matter_id'],
  ['org_id', 'env', 'status'],
  ['org_id', 'env', 'type'],
  ['org_id', 'env'],
]);

/** Packets newest first, filtered by matter, type and status (API-CONTRACT §6). */
export async function listPackets(
  ctx: Ctx,
  db: Db,
  q: PageArgs & { matter_id?: string; type?: string; status?: string },
) {
  const matterWhere = listMatterFilter(ctx, q.matter_id);
  const { where, lead } = leadOf(
    { org_id: ctx.org.id, env: ctx.env, matter_id: matterWhere, status: q.status, type: q.type },
    PACKET_INDEXES,
  );
  const page = await keysetPage(q, (a) => db.packet.findMany({ ...a, where: { ...a.where, ...where } }), lead);
  return listEnvelope(page, PACKET_LIST_URL, (p) => packetOut(p));
}

export interface PacketPatch {
  status?: PacketStatus;
  notes?: string | null;
  review_state?: {
    review_required?: boolean;
    review_status?: string;
    review_owner?: string | null;
    review_notes?: string | null;
  };
}

/**
 * Moves a packet through the §9 machine and records notes and review state (gated).
 * - An invalid move is 409 invalid_state_transition naming the current state and the moves.
 * - `approved` needs the scope `packets:approve` (403) and readiness as of now (409
 *   packet_not_ready listing the missing items).
 * - Rejecting, or sending back to draft, needs a reason (notes or review_state.review_notes).
 * - A sent packet is immutable except for recording the response (`responded`/`rejected`).
 * - While the matter's collection is paused by a sanctions match, a collection packet does not
 *   move to `approved` or `sent` (403 collection_paused).
 */
export async function updatePacket(ctx: Ctx, tx: Tx, id: string, patch: PacketPatch) {
  const found = await findPacket(ctx, tx, id);
  await loadWritableMatter(ctx, tx, found.matter_id);
  await tx.$queryRaw`SELECT id FROM packets WHERE id = ${found.id} FOR UPDATE`;
  const p = (await tx.packet.findUnique({ where: { id: found.id } }))!;
  const from = p.status as PacketStatus;
  const to = patch.status && patch.status !== from ? patch.status : undefined;
  const allowed = allowedPacketMoves(from);
  if (!allowed.length) {
    throw new ApiError(
      'invalid_state_transition',
      `Packet ${p.id} is '${from}', a final state; it accepts no further changes.`,
      { details: { current: from, allowed } },
    );
  }
  if (from === 'sent' && (!to || patch.review_state)) {
    throw new ApiError(
      'invalid_state_transition',
      `Packet ${p.id} was sent; only the response can be recorded (status ${RESPONSE_MOVES.join(' or ')}, with notes).`,
      { details: { current: from, allowed } },
    );
  }
  if (to && !allowed.includes(to)) throw invalidTransition('packet', from, to, allowed);
  // The review verdict follows the state machine: `approved` only with the approval itself
  // (which checks packets:approve and readiness), never typed into review_state.
  if (patch.review_state?.review_status === 'approved' && to !== 'approved') {
    throw new ApiError(
      'parameter_invalid',
      "review_state.review_status 'approved' is set by moving the packet to status 'approved'.",
      { param: 'review_state.review_status' },
    );
  }
  if (to === 'approved') requireScope(ctx.actor, 'packets:approve');
  // A license-bound packet (turnover, remittance) drafted before a sanctions match must not be
  // approved or sent while it is open (§21); withdrawing and rejecting stay allowed, and a
  // restraint or preservation packet goes out as blocking allows.
  if (to && isPausedPacketMove(p, to)) {
    await assertCollectionNotPaused(ctx, tx, p.matter_id, `Moving packet ${p.id} to '${to}'`);
  }
  let readiness = p.readiness;
  if (to === 'approved') {
    const now = await currentReadiness(ctx, tx, p);
    readiness = now as object;
    if (!now.ready) {
      throw new ApiError(
        'packet_not_ready',
        `Packet ${p.id} is not ready to approve. Missing: ${now.missing_items.join('; ')}.`,
        { details: { missing_items: now.missing_items, checks: now.checks } },
      );
    }
  }
  const reason = patch.review_state?.review_notes ?? patch.notes;
  if (to && needsReason(from, to) && !reason?.trim()) {
    throw new ApiError(
      'parameter_missing',
      `Moving a packet from '${from}' to '${to}' needs a reason in notes or review_state.review_notes.`,
      { param: 'notes' },
    );
  }
  const review = { ...(p.review_state as object), ...(patch.review_state ?? {}) } as Record<string, unknown>;
  const after = to ? reviewStatusAfter(to) : null;
  if (after && !patch.review_state?.review_status) review.review_status = after;
  if (to === 'approved' || to === 'rejected') review.review_owner ??= ctx.actor.user_id ?? ctx.actor.id;
  const updated = await tx.packet.update({
    where: { id: p.id },
    data: {
      status: to,
      readiness: readiness as object,
      review_state: review as object,
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
    },
  });
  const out = packetOut(updated, await latestExport(tx, p.id, p.latest_export_id));
  await recordChange(ctx, tx, {
    event_type: 'packet.updated',
    object_type: 'packet',
    object_id: p.id,
    matter_id: p.matter_id,
    // Field names only: a note's text stays off the audit chain (it is internal).
    details: { changed: Object.keys(patch), ...(to ? { status: { from, to } } : {}) },
    data: packetEventData(out),
  });
  return out;
}

/**
 * Queues an export of a packet (gated; any status, so counsel can preview a draft). The
 * file is rendered by the export job; the answer is the export with status `pending`. A
 * collection packet is not exported while its matter's collection is paused (§21): the file
 * is how it would leave the service.
 */
export async function exportPacket(ctx: Ctx, tx: Tx, id: string, body: { format: string; redaction_profile?: string }) {
  const p = await findPacket(ctx, tx, id);
  if (packetNeedsLicense(p)) await assertCollectionNotPaused(ctx, tx, p.matter_id, `Exporting packet ${p.id}`);
  return requestExport(ctx, tx, {
    object_type: 'packet',
    object_id: p.id,
    matter_id: p.matter_id,
    format: body.format,
    redaction_profile: body.redaction_profile ?? 'none',
  });
}

/** How many of a packet's exports its history shows (newest first). */
export const EXPORT_HISTORY_SIZE = 50;

/**
 * A packet's exports, newest first: the ids the console's export history polls one by one
 * (each through getExport, which signs its link). The packet is looked up first, so another
 * tenant's or a hidden matter's packet is the same 404 as GET /v1/packets/{id}.
 */
export async function packetExportIds(ctx: Ctx, db: Db, id: string): Promise<string[]> {
  const p = await findPacket(ctx, db, id);
  const rows = await db.export.findMany({
    where: { org_id: ctx.org.id, env: ctx.env, object_type: 'packet', object_id: p.id },
    orderBy: { id: 'desc' },
    take: EXPORT_HISTORY_SIZE,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
