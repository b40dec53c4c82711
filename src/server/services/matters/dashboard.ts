import type { Ctx, Db } from '../../context';
import { exactNumber } from '../../json';
import { loadMatter } from './access';
import { authorityStatus } from './authority-status';

/**
 * The matter dashboard, computed from the tables that exist. Modules add their figures here
 * as they land (judgments and ledger, actions, packets, alerts); until then they count 0.
 */
export async function matterDashboard(ctx: Ctx, db: Db, id: string) {
  const m = await loadMatter(ctx, db, id);
  const currency = typeof (m.economics as { currency?: unknown }).currency === 'string'
    ? String((m.economics as { currency: string }).currency).toUpperCase()
    : 'USD';
  const [grants, claimants] = await Promise.all([
    db.authorityGrant.findMany({ where: { matter_id: m.id }, select: { status: true, effective_at: true, expires_at: true } }),
    db.claimant.count({ where: { matter_id: m.id } }),
  ]);
  const zero = { amount: exactNumber('0'), currency };
  return {
    object: 'matter_dashboard' as const,
    matter_id: m.id,
    status: m.status,
    authority_status: authorityStatus(grants),
    judgment_value: zero,
    known_crypto_exposure: zero,
    open_actions: 0,
    open_packets: 0,
    alerts: 0,
    recovery_events: 0,
    operator_economics: zero,
    claimants,
    as_of: new Date().toISOString(),
  };
}
