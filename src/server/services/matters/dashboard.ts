import type { Ctx, Db } from '../../context';
import { moneyJson } from '../../money';
import { loadMatter } from './access';
import { authorityStatus } from './authority-status';
import { ledgerFigures } from '../ledger/balance';
import { actorGrants } from '../../auth/require-scope';
import { countOpenAlerts } from '../monitoring/alerts';

/**
 * The matter dashboard, computed from the tables that exist. Modules add their figures here
 * as they land (judgments and ledger, actions, packets, alerts); until then they count 0.
 * The ledger's figures (judgment value, recoveries, operator economics) are ledger data: a
 * caller without `ledger:read` gets null for them, as GET /v1/ledger/matters/{id} would refuse it.
 */
export async function matterDashboard(ctx: Ctx, db: Db, id: string) {
  const m = await loadMatter(ctx, db, id);
  const [grants, claimants, ledger, openActions, openAlerts] = await Promise.all([
    db.authorityGrant.findMany({ where: { matter_id: m.id }, select: { status: true, effective_at: true, expires_at: true } }),
    db.claimant.count({ where: { matter_id: m.id } }),
    actorGrants(ctx.actor, 'ledger:read') ? ledgerFigures(ctx, db, m) : null,
    // Still to be done: neither completed nor cancelled (blocked ones included).
    db.action.count({ where: { matter_id: m.id, status: { notIn: ['completed', 'cancelled'] } } }),
    // Alerts still to be worked: new, actionable or under monitoring.
    countOpenAlerts(db, { org_id: ctx.org.id, env: ctx.env, matter_id: m.id }),
  ]);
  const currency = ledger?.currency ?? (m.economics as { currency?: string } | null)?.currency ?? 'USD';
  const zero = moneyJson('0', currency);
  return {
    object: 'matter_dashboard' as const,
    matter_id: m.id,
    status: m.status,
    authority_status: authorityStatus(grants),
    // Ledger figures: outstanding judgment value (principal + interest + costs − recoveries),
    // recoveries recorded, and the operator's contingency share of what was recovered.
    judgment_value: ledger?.judgment_value ?? null,
    known_crypto_exposure: zero,
    open_actions: openActions,
    open_packets: 0,
    alerts: openAlerts,
    recovery_events: ledger?.recovery_events ?? null,
    operator_economics: ledger?.operator_economics ?? null,
    recovered: ledger?.recovered ?? null,
    claimants,
    as_of: new Date().toISOString(),
  };
}
