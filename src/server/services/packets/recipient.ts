import type { Ctx, Db } from '../../context';
import type { RecipientFacts, RecipientTarget } from '../../domain/packets/readiness';
import { EXCHANGE_ADDRESSED, targetExchange } from '../../domain/packets/recipient-target';
import type { PacketFamily } from '../../domain/packets/families';
import { findRecipientRelationship } from '../relationships/recipient';

export interface Recipient extends RecipientFacts {
  relationship_id: string;
}

/**
 * The relationship that receives a packet of `type` on the matter, and why. A packet addressed
 * to an exchange goes to the exchange the wallets' hypotheses point to (strongest hypothesis
 * first), through a relationship with THAT exchange, or to no one: never to another exchange
 * that happens to take the packet type. Other families (sanctions review, referrals, self-custody
 * turnover) keep the registry's choice (never a law-enforcement-only channel, a channel already
 * used on the matter first).
 */
export async function findRecipient(
  ctx: Ctx,
  db: Db,
  matterId: string,
  type: PacketFamily,
  hypotheses: readonly { exchange: string; confidence: number; basis: string }[],
): Promise<{ recipient: Recipient | null; target: RecipientTarget | null }> {
  if (!EXCHANGE_ADDRESSED.includes(type))
    return {
      recipient: await findRecipientRelationship(ctx, db, { matter_id: matterId, packet_type: type }),
      target: null,
    };
  const target = targetExchange(hypotheses);
  if (!target.exchange) return { recipient: null, target };
  const recipient = await findRecipientRelationship(ctx, db, {
    matter_id: matterId,
    packet_type: type,
    exchange: target.exchange,
  });
  return { recipient, target };
}

/** The public shape of `recipient` on a packet. */
export const recipientOut = (r: Recipient | null) =>
  r
    ? { relationship_id: r.relationship_id, counterparty_name: r.counterparty_name, channel_type: r.channel_type }
    : null;
