import type { Ctx, Tx } from '../../context';
import { ops } from '../../operations';
import type { TRIAGE_STATUSES } from '../../domain/monitoring/alert-status';
import { enforceGate } from '../matters/gate';
import { triageAlert } from './triage';

/**
 * Triages several alerts to one status with one note, in one transaction: all or none. Each is
 * the single triage (POST /v1/alerts/{id}/triage) with its gate run first, as the REST wrapper
 * runs it, so each writes its own audit and outbox events.
 */
export async function bulkTriageAlerts(
  ctx: Ctx,
  tx: Tx,
  input: { alert_ids: string[]; status: (typeof TRIAGE_STATUSES)[number]; notes?: string | null },
) {
  const op = ops.triageAlert;
  const data = [];
  for (const id of [...new Set(input.alert_ids)]) {
    const body = { status: input.status, notes: input.notes };
    if (op.gate) await enforceGate(ctx, tx, op, { params: { alert_id: id }, body });
    data.push(await triageAlert(ctx, tx, id, body));
  }
  return { object: 'list' as const, data };
}
