import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';

/** What the contact log and the counterparty page need to know of a packet. */
export interface PacketRef {
  packet_id: string;
  matter_id: string;
  /** The packet `type` of API-CONTRACT §14, or null while packets are not wired in. */
  type: string | null;
  status: string | null;
}

/**
 * The packet a contact log names, on the contact's matter.
 *
 * INTEGRATION (feat/packets): once the `packets` table exists, look the id up in the caller's
 * org/env on `matterId` (throw this same 400 when absent) and return its `type` and `status`;
 * the channel rule then refuses a type the relationship does not support. Until then the id
 * is checked by shape only and `type` is null, so that rule cannot apply yet.
 */
export async function findContactPacket(_ctx: Ctx, _db: Db, packetId: string, matterId: string): Promise<PacketRef> {
  if (!isId('packet', packetId)) throw invalidParam('packet_id', 'packet_id must be a packet (pac_…) of the contact\'s matter.');
  return { packet_id: packetId, matter_id: matterId, type: null, status: null };
}

/**
 * The packets of a counterparty, for its page: those its contact logs carried (given here,
 * newest contact first).
 *
 * INTEGRATION (feat/packets): also the packets whose `recipient.relationship_id` is one of
 * `relationshipIds`, and fill `type` and `status` from the `packets` table (the caller's
 * org/env, matters the actor may see).
 */
export async function packetsForCounterparty(
  _ctx: Ctx, _db: Db, _relationshipIds: string[], contacted: { packet_id: string; matter_id: string; relationship_id: string; at: Date }[],
) {
  const seen = new Map<string, { packet_id: string; matter_id: string; type: string | null; status: string | null; relationship_id: string | null; last_contact_at: string | null }>();
  for (const c of contacted) {
    if (!seen.has(c.packet_id)) {
      seen.set(c.packet_id, { packet_id: c.packet_id, matter_id: c.matter_id, type: null, status: null, relationship_id: c.relationship_id, last_contact_at: c.at.toISOString() });
    }
  }
  return [...seen.values()];
}
