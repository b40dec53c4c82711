import type { Ctx, Db } from '../../context';
import { invalidParam } from '../../errors';
import { isId } from '../../ids';

/**
 * The action's links to objects of other modules, each behind one function so that the module
 * owning the object decides what "exists on this matter" means.
 *
 * INTEGRATION: the packet check still looks at the id's shape only; it must look the packet
 * up in the caller's org/env and on `matterId`, as the alert check does, and throw the same
 * 400 when it is not there.
 */
export async function checkLinkedPacket(_ctx: Ctx, _db: Db, packetId: string, _matterId: string): Promise<void> {
  if (!isId('packet', packetId)) throw invalidParam('linked_packet_id', 'linked_packet_id must be a packet (pac_…) of the same matter.');
}

/** The alert of `linked_alert_id` (ale_…): an alert of the caller's org/env on the same matter. */
export async function checkLinkedAlert(ctx: Ctx, db: Db, alertId: string, matterId: string): Promise<void> {
  const found = isId('alert', alertId)
    ? await db.alert.findFirst({ where: { id: alertId, org_id: ctx.org.id, env: ctx.env, matter_id: matterId }, select: { id: true } })
    : null;
  if (!found) throw invalidParam('linked_alert_id', 'linked_alert_id must be an alert (ale_…) of the same matter.');
}
