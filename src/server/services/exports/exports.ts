import type { Ctx, Db, Tx } from '../../context';
import { requireScope } from '../../auth/require-scope';
import { isId, newId } from '../../ids';
import { appendAudit } from '../audit/append';
import { loadOwned } from '../matters/access';
import { exportSource } from './registry';
import { exportOut } from './serialize';
import { wakeOnCommit } from '../../jobs/work-signal';

/** An export (the row, bytes not read) the caller may see; anything else is 404. */
export const findExport = (ctx: Ctx, db: Db, id: string) =>
  loadOwned(ctx, 'export', id, isId('export', id), async () => {
    const e = await db.export.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env }, omit: { content: true } });
    return e ? { ...e, content: null } : null;
  });

/**
 * Queues an export of an object (any registered type): a pending row that a worker renders.
 * The request's audit event (`<type>.export_requested`) is the export's `audit_id`; the
 * worker writes `<type>.exported` (audit and webhook) when the file is ready.
 * The caller must hold the object's read scope as well as the export scope: the bundle shows
 * everything a read would, so `<type>:export` alone must not be a way to read it. Checked
 * here, where every type's export (REST and console) passes.
 */
export async function requestExport(
  ctx: Ctx,
  tx: Tx,
  a: { object_type: string; object_id: string; matter_id: string; format: string; redaction_profile: string },
) {
  const source = exportSource(a.object_type);
  requireScope(ctx.actor, source.read_scope);
  const id = newId('export');
  const audit = await appendAudit(ctx, tx, {
    event_type: source.events.requested,
    object_type: a.object_type,
    object_id: a.object_id,
    matter_id: a.matter_id,
    details: { export_id: id, format: a.format, redaction_profile: a.redaction_profile },
  });
  const row = await tx.export.create({
    data: {
      id,
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: a.matter_id,
      object_type: a.object_type,
      object_id: a.object_id,
      format: a.format,
      redaction_profile: a.redaction_profile,
      audit_id: audit.id,
      requested_by: {
        actor_id: ctx.actor.id,
        key_id: ctx.actor.key_id,
        user_id: ctx.actor.user_id,
        request_id: ctx.requestId,
      },
    },
  });
  // The export runner renders it once this commits (at its next poll otherwise).
  wakeOnCommit(tx, 'exports');
  return exportOut(tx, row, ctx.origin);
}

/** An export with a fresh signed link when it is ready. */
export async function getExport(ctx: Ctx, db: Db, id: string) {
  const e = await findExport(ctx, db, id);
  return exportOut(db, e, ctx.origin);
}
