import type { Ctx, Tx } from '../../context';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import { channelRefusal } from '../../domain/relationships/channel-rules';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { loadMatterUser } from '../users/matter-user';
import { eventData } from '../judgments/serialize';
import { findContactPacket } from './links';
import { findRelationship } from './relationships';
import { packetNeedsLicense } from '../sanctions/collection-operations';
import { assertCollectionNotPaused } from '../sanctions/pause';
import { contactLogOut } from './serialize';

export interface ContactInput {
  matter_id: string;
  authorized_sender: string;
  contact_type: string;
  packet_id?: string | null;
  outcome: string;
  notes?: string | null;
}

/**
 * Logs a contact with a counterparty through this relationship's channel, on a matter.
 * The sender is a user of the organization who can see the matter. The channel rules
 * (API-CONTRACT §16) refuse with 403 channel_not_permitted: a law-enforcement-only channel,
 * an authorized-submitter channel with a sender who is not counsel, a counsel-only channel
 * with a sender who is not counsel, and a packet whose type the channel does not take. The
 * counsel rules also judge the caller: a non-counsel caller cannot submit by naming counsel.
 * A key restricted to matters may log on its own matters (the log belongs to that matter).
 * Logging a collection packet as sent is refused while the matter's collection is paused (403
 * collection_paused).
 */
export async function createContactLog(ctx: Ctx, tx: Tx, relationshipId: string, input: ContactInput) {
  const r = await findRelationship(ctx, tx, relationshipId);
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const sender = await loadMatterUser(ctx, tx, input.authorized_sender, m.id, 'authorized_sender');
  const packet = input.packet_id ? await findContactPacket(ctx, tx, input.packet_id, m.id) : null;
  // The rules judge the named sender (the contract) and the caller, who is the one submitting.
  const refusal = channelRefusal(r, sender, packet?.type ?? null, ctx.actor);
  if (refusal) {
    throw new ApiError('channel_not_permitted', refusal.reason, {
      details: { rule: refusal.rule, relationship_id: r.id, channel_type: r.channel_type },
    });
  }
  // Logging a collection packet as sent records that it went out: refused while the matter's
  // collection is paused (§21), as sending it is. Other outcomes record what came back.
  if (packet && input.outcome === 'sent' && packetNeedsLicense(packet)) {
    await assertCollectionNotPaused(ctx, tx, m.id, `Logging packet ${packet.packet_id} as sent`);
  }
  const c = await tx.contactLog.create({
    data: {
      id: newId('contact_log'),
      org_id: ctx.org.id,
      env: ctx.env,
      relationship_id: r.id,
      counterparty_id: r.counterparty_id,
      matter_id: m.id,
      authorized_sender: sender.id,
      contact_type: input.contact_type,
      packet_id: packet?.packet_id ?? null,
      outcome: input.outcome,
      notes: input.notes ?? null,
    },
  });
  const out = contactLogOut(c);
  await recordChange(ctx, tx, {
    event_type: 'contact_log.created',
    object_type: 'contact_log',
    object_id: c.id,
    matter_id: m.id,
    details: {
      relationship_id: r.id,
      counterparty_id: r.counterparty_id,
      channel_type: r.channel_type,
      outcome: c.outcome,
      packet_id: c.packet_id,
    },
    data: eventData(out),
  });
  return out;
}
