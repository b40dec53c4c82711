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
  const row = await db.packet.findFirst({
    where: { id: packetId, org_id: ctx.org.id, env: ctx.env, matter_id: matterId },
    select: { id: true },
  });
  if (!row) throw bad();
}

/** The alert of `linked_alert_id` (ale_…): an alert of the caller's org/env on the same matter. */
export async function checkLinkedAlert(ctx: Ctx, db: Db, alertId: string, matterId: string): Promise<void> {
  const found = isId('alert', alertId)
    ? await db.alert.findFirst({
        where: { id: alertId, org_id: ctx.org.id, env: ctx.env, matter_id: matterId },
        select: { id: true },
      })
    : null;
  if (!found) throw invalidParam('linked_alert_id', 'linked_alert_id must be an alert (ale_…) of the same matter.');
}
