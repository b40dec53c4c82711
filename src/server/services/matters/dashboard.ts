import type { Ctx, Db } from '../../context';
import { moneyJson } from '../../money';
import { loadMatter } from './access';
import { authorityStatus } from './authority-status';
import { ledgerFigures } from '../ledger/balance';
import { actorGrants } from '../../auth/require-scope';
import { knownExposure } from '../crypto/asset-map';
import { latest } from '../paging';
import { matterPause } from '../sanctions/pause';
import { dashboardCounts } from './dashboard-counts';

/**
 * The USD value the latest asset map priced in the debtor's own wallets (debtor_owned or
 * debtor_controlled; unpriced assets add nothing), and apart what other wallets held.
 */
function assetMapUsd(body: unknown) {
  const rows = (body as { token_exposures?: Parameters<typeof knownExposure>[0] } | null)?.token_exposures ?? [];
  return knownExposure(rows);
}

/**
 * The matter dashboard, computed from the tables that exist. Modules add their figures here
 * as they land (judgments and ledger, actions, packets, asset maps; alerts still count 0).
 * The ledger's figures (judgment value, recoveries, operator economics) are ledger data: a
 * caller without `ledger:read` gets null for them, as GET /v1/ledger/matters/{id} would refuse it.
 * The row counts (open actions and packets, alerts, claimants) are exact up to
 * DASHBOARD_COUNT_CAP and capped past it (dashboard-counts.ts says why), so the dashboard of a
 * matter of 1,000,000 alerts reads no more of them than one of 10,001.
 */
export async function matterDashboard(ctx: Ctx, db: Db, id: string) {
  const m = await loadMatter(ctx, db, id);
  const [grants, ledger, counted, assetMap, pause] = await Promise.all([
    db.authorityGrant.findMany({
      where: { matter_id: m.id },
      select: { status: true, effective_at: true, expires_at: true },
    }),
    actorGrants(ctx.actor, 'ledger:read') ? ledgerFigures(ctx, db, m) : null,
    // Open actions (neither completed nor cancelled), open packets, alerts still to be worked
    // (new, actionable, monitoring) and claimants, each up to the cap.
    dashboardCounts(db, m.id),
    latest((a) => db.assetMap.findMany({ ...a, select: { id: true, body: true } }), { matter_id: m.id }),
    matterPause(ctx, db, m.id),
  ]);
  const { counts } = counted;
  const currency = ledger?.currency ?? (m.economics as { currency?: string } | null)?.currency ?? 'USD';
  const zero = moneyJson('0', currency);
  const exposure = assetMap ? assetMapUsd(assetMap.body) : null;
  const mapAt = (assetMap?.body as { created_at?: string } | null)?.created_at;
  const mapTime = mapAt ? new Date(mapAt) : null;
  return {
    object: 'matter_dashboard' as const,
    matter_id: m.id,
    status: m.status,
    authority_status: authorityStatus(grants),
    // The sanctions pause and the review behind it, or null (services/sanctions/pause.ts).
    collection_paused: pause.collection_paused,
    // Ledger figures: outstanding judgment value (principal + interest + costs − recoveries),
    // recoveries recorded, and the operator's contingency share of what was recovered.
    judgment_value: ledger?.judgment_value ?? null,
    // The latest asset map's priced holdings, in USD (0 until a map is built).
    known_crypto_exposure: exposure ? moneyJson(exposure.usd_value, 'USD', mapTime) : zero,
    // Value the same map found in wallets that are not the debtor's (exchange deposit, unknown…), by role.
    other_crypto_holdings: (exposure?.excluded ?? []).map((e) => ({
      ...e,
      usd_value: moneyJson(e.usd_value, 'USD', mapTime),
    })),
    open_actions: counts.open_actions,
    open_packets: counts.open_packets,
    alerts: counts.alerts,
    recovery_events: ledger?.recovery_events ?? null,
    operator_economics: ledger?.operator_economics ?? null,
    recovered: ledger?.recovered ?? null,
    claimants: counts.claimants,
    // The counts above stop at count_cap; those listed here have more rows than that.
    count_cap: counted.cap,
    capped_counts: counted.capped,
    as_of: new Date().toISOString(),
  };
}
