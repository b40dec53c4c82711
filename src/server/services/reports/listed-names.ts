import type { Db } from '../../context';
import type { ScreenMatch } from '../../domain/sanctions/screen';

/**
 * The listed-entity names a claimant-facing report must not show (API-CONTRACT §14,
 * `claimant`): the SDN names (and the aliases matched) of the matter's sanctions screens and
 * reviews, and of the wallets its enforcement plans found listed. They are read whatever the
 * caller's scopes, since they only decide what to hide, and read again at each export, so a
 * name matched after the report was made is hidden from its exports too.
 */
export async function listedNames(
  tenant: { org_id: string; env: string },
  db: Db,
  matterId: string,
): Promise<string[]> {
  const where = { org_id: tenant.org_id, env: tenant.env, matter_id: matterId };
  const [screens, reviews, plans] = await Promise.all([
    db.sanctionsScreen.findMany({ where, select: { matches: true } }),
    db.sanctionsReview.findMany({ where, select: { matches: true } }),
    db.enforcementPlan.findMany({ where, select: { plan: true } }),
  ]);
  const names = new Set<string>();
  for (const r of [...screens, ...reviews])
    for (const m of (r.matches as ScreenMatch[] | null) ?? []) {
      if (m.sdn_name) names.add(m.sdn_name);
      // A name or alias that matched (a wallet's `matched` is its address, shortened anyway).
      if (m.subject_type === 'wallet') continue;
      if (m.matched) names.add(m.matched);
      // An exact match is the listed entity under the matter's own spelling; a fuzzy one only
      // resembles it, and hiding it would hide e.g. the debtor's name on a mere resemblance.
      if (m.match_type === 'exact' && m.subject) names.add(m.subject);
    }
  for (const p of plans) {
    const wallets = (p.plan as { wallets?: { sanctions?: { sdn_name?: string }[] }[] } | null)?.wallets ?? [];
    for (const w of wallets) for (const s of w.sanctions ?? []) if (s.sdn_name) names.add(s.sdn_name);
  }
  return [...names];
}
