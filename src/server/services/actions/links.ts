import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';

/**
 * The action's links to objects of other modules, each behind one function so that the module
 * owning the object decides what "exists on this matter" means.
 */

/** The packet of `linked_packet_id` must exist in the caller's org/env on `matterId`; else 400. */
export async function checkLinkedPacket(ctx: Ctx, db: Db, packetId: string, matterId: string): Promise<void> {
  const bad = () => invalidParam('linked_packet_id', 'linked_packet_id must be a packet (pac_…) of the same matter.');
  if (!isId('packet', packetId)) throw bad();
  const row = await db.packet.findFirst({ where: { id: packetId, org_id: ctx.org.id, env: ctx.env, matter_id: matterId }, select: { id: true } });
  if (!row) throw bad();
}

/**
 * See checkLinkedPacket: the alert of `linked_alert_id` (ale_…) on the same matter.
 * INTEGRATION (monitoring): alerts are built on another branch; until they are merged the id
 * is checked by shape only.
 */
export async function checkLinkedAlert(_ctx: Ctx, _db: Db, alertId: string, _matterId: string): Promise<void> {
  if (!isId('alert', alertId)) throw invalidParam('linked_alert_id', 'linked_alert_id must be an alert (ale_…) of the same matter.');
}
