import type { Ctx, Db } from '../../context';
import { isLawEnforcementOnly } from '../../domain/relationships/channel-rules';
import { isExchange } from './exchanges';

/** A packet's `recipient` (API-CONTRACT §14). */
export interface Recipient {
  relationship_id: string;
  counterparty_name: string;
  channel_type: string;
  /** The channel's usage rules, for the packet's readiness checks. */
  usable_by_operator: boolean;
  usable_by_counsel: boolean;
  usable_by_law_enforcement: boolean;
  authorized_submitter_required: boolean;
}

/**
 * The relationship that receives a packet of `packet_type` (the packet `type` of §14) on a
 * matter, as the packet's `recipient`, or null when none supports it. For the packets module.
 *
 * - Never a law-enforcement-only channel: the service does not use them.
 * - With `exchange` (a label slug), only a relationship with that exchange.
 * - Preference: a channel already used for a contact on this matter (the counterparty the
 *   matter is dealing with), then lower risk, then the oldest registered channel.
 */
export async function findRecipientRelationship(
  ctx: Ctx,
  db: Db,
  q: { matter_id: string; packet_type: string; exchange?: string },
): Promise<Recipient | null> {
  const candidates = await db.relationship.findMany({
    where: {
      org_id: ctx.org.id,
      env: ctx.env,
      packet_types_supported: { has: q.packet_type },
      ...(q.exchange ? { counterparty: { type: 'exchange' } } : {}),
    },
    include: { counterparty: true },
    orderBy: { id: 'asc' },
    take: 500,
  });
  // With an exchange named (the one the wallets' hypotheses point to), only that exchange's channels.
  const usable = candidates.filter(
    (r) => !isLawEnforcementOnly(r) && (!q.exchange || isExchange(r.counterparty.name, q.exchange)),
  );
  if (!usable.length) return null;
  const used = new Set(
    (
      await db.contactLog.findMany({
        where: { matter_id: q.matter_id, relationship_id: { in: usable.map((r) => r.id) } },
        select: { relationship_id: true },
      })
    ).map((c) => c.relationship_id),
  );
  const risk = { low: 0, medium: 1, high: 2 } as Record<string, number>;
  const best = [...usable].sort(
    (a, b) =>
      Number(used.has(b.id)) - Number(used.has(a.id)) ||
      (risk[a.risk_level] ?? 1) - (risk[b.risk_level] ?? 1) ||
      (a.id < b.id ? -1 : 1),
  )[0];
  return {
    relationship_id: best.id,
    counterparty_name: best.counterparty.name,
    channel_type: best.channel_type,
    usable_by_operator: best.usable_by_operator,
    usable_by_counsel: best.usable_by_counsel,
    usable_by_law_enforcement: best.usable_by_law_enforcement,
    authorized_submitter_required: best.authorized_submitter_required,
  };
}
