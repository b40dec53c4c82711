import type { Env, Ctx, Tx } from '../../context';
import { API_VERSION } from '../../config';
import { newId } from '../../ids';
import type { AlertDraft } from '../../domain/monitoring/rules';
import { recordChange } from '../audit/append';
import { alertOut } from './serialize';

/** The context of the scanner's writes: the actor is the system. */
export function monitorCtx(org_id: string, env: string, requestId: string): Ctx {
  return {
    org: { id: org_id, parent_id: null, features: [], pinned_version: API_VERSION },
    env: env as Env,
    actor: { id: 'system:monitoring', key_id: null, user_id: null, scopes: [], roles: null, matter_ids: null },
    requestId,
    version: API_VERSION,
    idempotencyKey: null,
    origin: '',
    auditRef: null,
  };
}

/**
 * Raises an alert once: the unique index on (org, env, matter, rule, subject) makes a second
 * insert of the same rule and subject a no-op (INSERT … ON CONFLICT DO NOTHING), whichever
 * worker or restart tries it. Only the insert that wins writes the audit event and
 * `alert.created`, in the same transaction. Returns the alert id when it was new.
 */
export async function raiseAlert(
  tx: Tx,
  scope: { org_id: string; env: string; matter_id: string; watchlist_id: string | null },
  d: AlertDraft,
  requestId: string,
) {
  const id = newId('alert');
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO alerts (id, org_id, env, matter_id, watchlist_id, type, rule, subject, severity, status, target, reason, evidence, created_at, updated_at)
    VALUES (${id}, ${scope.org_id}, ${scope.env}, ${scope.matter_id}, ${scope.watchlist_id}, ${d.type}, ${d.type}, ${d.subject}, ${d.severity}, 'new',
            ${d.target}, ${d.reason}, ${JSON.stringify(d.evidence)}::jsonb, now(), now())
    ON CONFLICT (org_id, env, matter_id, rule, subject) DO NOTHING
    RETURNING id`;
  if (!rows.length) return null;
  const row = (await tx.alert.findUnique({ where: { id } }))!;
  const out = alertOut(row);
  await recordChange(monitorCtx(scope.org_id, scope.env, requestId), tx, {
    event_type: 'alert.created',
    object_type: 'alert',
    object_id: id,
    matter_id: scope.matter_id,
    details: { type: d.type, severity: d.severity, subject: d.subject, watchlist_id: scope.watchlist_id },
    data: out,
  });
  return id;
}
