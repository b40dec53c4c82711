import { confidenceScore, DEFAULT_TIER, type ClaimSourceType, type ConfidenceTier } from './confidence';
import { contradictingIds, type ContradictionIndex } from './contradictions';

/** How many corroborating and contradicting claims a matrix row names (the rest are counted). */
export const MATRIX_NAMED = 5;

export interface MatrixClaim {
  id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: string;
  /** A stored score (POST /v1/attribution/confidence-score), or null. */
  score: unknown;
}

/**
 * The graph's confidence matrix: one row per claim. A stored score wins; otherwise the formula
 * over the source type's default tier, raised by same-statement claims of other source types
 * and lowered by contradicting claims (`index`). One pass: claims are grouped by statement
 * and source type in maps first, so a row costs O(named) list work plus its counts, never a
 * scan of every other claim.
 */
export function scoreMatrix(
  tiers: Map<string, ConfidenceTier>,
  claims: readonly MatrixClaim[],
  index: ContradictionIndex,
) {
  const statementOf = (c: MatrixClaim) =>
    `${c.subject.trim().toLowerCase()}\u0000${c.predicate}\u0000${c.object.trim().toLowerCase()}`;
  const statements = new Map<string, { total: number; bySource: Map<string, string[]> }>();
  for (const c of claims) {
    const key = statementOf(c);
    let st = statements.get(key);
    if (!st) statements.set(key, (st = { total: 0, bySource: new Map() }));
    const ids = st.bySource.get(c.source_type) ?? [];
    ids.push(c.id);
    st.bySource.set(c.source_type, ids);
    st.total++;
  }
  return claims.map((c) => {
    const stored = c.score as { score: number; label: string; basis: string[] } | null;
    if (stored) return { claim_id: c.id, score: stored.score, label: stored.label, basis: stored.basis };
    const st = statements.get(statementOf(c))!;
    const corroborating = st.total - st.bySource.get(c.source_type)!.length;
    const corroboration: { ref: string; source_type: ClaimSourceType }[] = [];
    for (const [source, ids] of st.bySource) {
      if (source === c.source_type) continue;
      for (const ref of ids) {
        if (corroboration.length >= MATRIX_NAMED) break;
        corroboration.push({ ref, source_type: source as ClaimSourceType });
      }
    }
    const contra = index.ofClaim(c.id);
    const against = contra ? contradictingIds(contra.group, c.subject, MATRIX_NAMED) : [];
    const r = confidenceScore(tiers, {
      evidence_tier: DEFAULT_TIER[c.source_type as ClaimSourceType] ?? 'unknown',
      source_type: c.source_type as ClaimSourceType,
      corroboration,
      contradictions: against,
      unnamed: {
        corroborations: corroborating - corroboration.length,
        contradictions: (contra?.count ?? 0) - against.length,
      },
    });
    return { claim_id: c.id, score: r.score, label: r.label, basis: r.basis };
  });
}
