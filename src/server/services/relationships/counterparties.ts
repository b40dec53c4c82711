import type { Ctx, Db } from '../../context';
import { notFound } from '../../errors';
import { isId } from '../../ids';
import { newest } from '../paging';
import { HISTORY_LIMIT, assertRegistryAccess } from './relationships';
import { packetsForCounterparty } from './links';
import { contactLogOut, relationshipOut } from './serialize';

/** Contact logs in a counterparty's response history, newest first. */
const RESPONSE_LIMIT = 200;

/**
 * A counterparty with every relationship (channel) it has, the packets sent to it and its
 * response history: the contact logs over all its channels, newest first.
 */
export async function getCounterparty(ctx: Ctx, db: Db, id: string) {
  assertRegistryAccess(ctx);
  const cp = isId('counterparty', id)
    ? await db.counterparty.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } })
    : null;
  if (!cp) throw notFound('counterparty', id);
  const [rels, logs] = await Promise.all([
    db.relationship.findMany({ where: { counterparty_id: cp.id }, orderBy: { id: 'asc' }, take: 1000 }),
    newest(RESPONSE_LIMIT, (a) => db.contactLog.findMany(a), { counterparty_id: cp.id }),
  ]);
  const packets = await packetsForCounterparty(
    ctx,
    db,
    rels.map((r) => r.id),
    logs
      .filter((l) => l.packet_id)
      .map((l) => ({
        packet_id: l.packet_id!,
        matter_id: l.matter_id,
        relationship_id: l.relationship_id,
        at: l.created_at,
      })),
  );
  return {
    object: 'counterparty' as const,
    counterparty_id: cp.id,
    counterparty_type: cp.type,
    counterparty_name: cp.name,
    relationships: rels.map((r) =>
      relationshipOut(r, cp, logs.filter((l) => l.relationship_id === r.id).slice(0, HISTORY_LIMIT)),
    ),
    packets,
    response_history: logs.map(contactLogOut),
    created_at: cp.created_at.toISOString(),
  };
}
