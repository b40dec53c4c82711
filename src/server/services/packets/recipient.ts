import type { Ctx, Db } from '../../context';
import type { RecipientFacts } from '../../domain/packets/readiness';
import { findRecipientRelationship } from '../relationships/recipient';

export interface Recipient extends RecipientFacts {
  relationship_id: string;
}

/**
 * The relationship that receives a packet of `type` on the matter (the relationships module
 * chooses: never a law-enforcement-only channel, a channel already used on the matter first),
 * or null when no relationship supports the type.
 */
export async function findRecipient(ctx: Ctx, db: Db, matterId: string, type: string): Promise<Recipient | null> {
  return findRecipientRelationship(ctx, db, { matter_id: matterId, packet_type: type });
}

/** The public shape of `recipient` on a packet. */
export const recipientOut = (r: Recipient | null) =>
  r
    ? { relationship_id: r.relationship_id, counterparty_name: r.counterparty_name, channel_type: r.channel_type }
    : null;
