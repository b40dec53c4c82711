import type { Ctx, Db } from '../../context';
import { moneyJson } from '../../money';
import { loadMatter } from './access';
import { authorityStatus } from './authority-status';
import { ledgerFigures } from '../ledger/balance';

/**
 * The matter dashboard, computed from the tables that exist. Modules add their figures here
 * as they land (judgments and ledger, actions, packets, alerts); until then they count 0.
 */
export async function matterDashboard(ctx: Ctx, db: Db, id: string) {
  const m = await loadMatter(ctx, db, id);
  const [grants, claimants, ledger, openActions] = await Promise.all([
    db.authorityGrant.findMany({ where: { matter_id: m.id }, select: { status: true, effective_at: true, expires_at: true } }),
    db.claimant.count({ where: { matter_id: m.id } }),
    ledgerFigures(ctx, db, m),
    // Still to be done: neither completed nor cancelled (blocked ones included).
    db.action.count({ where: { matter_id: m.id, status: { notIn: ['completed', 'cancelled'] } } }),
  ]);
  const currency = ledger.currency;
  const zero = moneyJson('0', currency);
  return {
    object: 'matter_dashboard' as const,
    matter_id: m.id,
    status: m.status,
    authority_status: authorityStatus(grants),
    // Ledger figures: outstanding judgment value (principal + interest + costs − recoveries),
    // recoveries recorded, and the operator's contingency share of what was recovered.
    judgment_value: ledger.judgment_value,
    known_crypto_exposure: zero,
    open_actions: openActions,
    open_packets: 0,
    alerts: 0,
    recovery_events: ledger.recovery_events,
    operator_economics: ledger.operator_economics,
    recovered: ledger.recovered,
    claimants,
    as_of: new Date().toISOString(),
  };
}
