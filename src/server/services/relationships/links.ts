import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';
import { matterFilter } from '../matters/access';

/** What the contact log and the counterparty page need to know of a packet. */
export interface PacketRef {
  packet_id: string;
  matter_id: string;
  /** The packet `type` of API-CONTRACT §14. */
  type: string;
  /** The request within the family (a sanctions hold refuses the license-bound ones). */
  packet_type: string;
  status: string;
}

/**
 * The packet a contact log names: a packet of the caller's org/env on the contact's matter
 * (else 400 naming `packet_id`), with its `type` and `status` so the channel rule can refuse a
 * type the relationship does not take.
 */
export async function findContactPacket(ctx: Ctx, db: Db, packetId: string, matterId: string): Promise<PacketRef> {
  const bad = () => invalidParam('packet_id', "packet_id must be a packet (pac_…) of the contact's matter.");
  if (!isId('packet', packetId)) throw bad();
  const p = await db.packet.findFirst({
    where: { id: packetId, org_id: ctx.org.id, env: ctx.env, matter_id: matterId },
    select: { id: true, matter_id: true, type: true, packet_type: true, status: true },
  });
  if (!p) throw bad();
  return { packet_id: p.id, matter_id: p.matter_id, type: p.type, packet_type: p.packet_type, status: p.status };
}

/** Packets listed on a counterparty page (newest first, bounded like its response history). */
const PACKET_LIMIT = 200;

/**
 * The packets of a counterparty, for its page: those whose `recipient.relationship_id` is one
 * of `relationshipIds`, and those its contact logs carried (`contacted`, newest contact
 * first), with their type and status, on matters the actor may see.
 */
export async function packetsForCounterparty(
  ctx: Ctx,
  db: Db,
  relationshipIds: string[],
  contacted: { packet_id: string; matter_id: string; relationship_id: string; at: Date }[],
) {
  const lastContact = new Map<string, { relationship_id: string; at: Date }>();
  for (const c of contacted) if (!lastContact.has(c.packet_id)) lastContact.set(c.packet_id, c);
  const or = [
    ...(lastContact.size ? [{ id: { in: [...lastContact.keys()] } }] : []),
    ...relationshipIds.map((rid) => ({ recipient: { path: ['relationship_id'], equals: rid } })),
  ];
  if (!or.length) return [];
  const rows = await db.packet.findMany({
    where: { org_id: ctx.org.id, env: ctx.env, matter_id: matterFilter(ctx), OR: or },
    select: { id: true, matter_id: true, type: true, status: true, recipient: true },
    orderBy: { id: 'desc' },
    take: PACKET_LIMIT,
  });
  const byId = new Map(rows.map((p) => [p.id, p]));
  const out: {
    packet_id: string;
    matter_id: string;
    type: string;
    status: string;
    relationship_id: string | null;
    last_contact_at: string | null;
  }[] = [];
  const row = (p: (typeof rows)[number]) => {
    const c = lastContact.get(p.id);
    const recipient = (p.recipient as { relationship_id?: string } | null)?.relationship_id ?? null;
    return {
      packet_id: p.id,
      matter_id: p.matter_id,
      type: p.type,
      status: p.status,
      relationship_id: c?.relationship_id ?? recipient,
      last_contact_at: c?.at.toISOString() ?? null,
    };
  };
  // Contacted packets first (newest contact first), then the rest newest first.
  for (const id of lastContact.keys()) {
    const p = byId.get(id);
    if (p) out.push(row(p));
  }
  for (const p of rows) if (!lastContact.has(p.id)) out.push(row(p));
  return out;
}
