import type { Ctx, Db } from '../../context';
import type { RecipientFacts } from '../../domain/packets/readiness';

export interface Recipient extends RecipientFacts { relationship_id: string }

/**
 * SEAM (relationships, feat/actions): the matter's relationship that supports this packet
 * `type` (its `packet_types_supported`). The relationship registry is another module; until it
 * is merged there is none, so this answers null and the packet's `recipient` is null. Wire it
 * to the relationships service: the first relationship of the organization and environment
 * whose packet_types_supported includes `type`.
 */
export async function findRecipient(_ctx: Ctx, _db: Db, _matterId: string, _type: string): Promise<Recipient | null> {
  return null;
}

/** The public shape of `recipient` on a packet. */
export const recipientOut = (r: Recipient | null) =>
  r ? { relationship_id: r.relationship_id, counterparty_name: r.counterparty_name, channel_type: r.channel_type } : null;
