import type { Ctx, Db } from '../../context';

/**
 * The one place reports read monitoring alerts (API-CONTRACT §18) from. The alerts module is
 * built on another branch: until its table is merged this answers no alerts and says so in
 * the section, rather than guessing at a schema. After the merge, this function reads the
 * matter's alerts (newest first, by severity) and nothing else changes.
 */
export async function matterAlertsForReport(_ctx: Ctx, _db: Db, _matterId: string) {
  return {
    items: [] as { alert_id: string; type: string; severity: string; status: string; created_at: string }[],
    note: 'Monitoring alerts are not available in this build yet; no alerts are included.',
  };
}
