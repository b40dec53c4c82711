import {
  confidenceScore,
  contradictionFactor,
  defaultTier,
  hasProofRef,
  MAX_COUNTED,
  type ClaimSourceType,
  type ConfidenceTier,
  type Evidence,
} from './confidence';
import { contradictingIds, type ContradictionIndex } from './contradictions';

/** How many contradicting claims a matrix row names (the rest are counted). */
export const MATRIX_NAMED = 5;

export interface MatrixClaim {
  id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: string;
  /** The claim's source refs (a proof of control among them lifts the on-chain control cap). */
  source_refs?: unknown;
  /** A stored score (POST /v1/attribution/confidence-score), or null. */
  score: unknown;
}

/**
 * The graph's confidence matrix: one row per claim. A stored score wins; otherwise the formula
 * over the claim's default tier (or the tier it was last scored with), raised by same-statement
 * claims of other source types, each at its own tier, and lowered by contradicting claims
 * (`index`), each at its own tier. One pass: claims are grouped by statement and source type
 * in maps first (each source type keeping only its MAX_COUNTED strongest, the most that can
 * count), and the contradiction factors are summed as logarithms per group and per subject,
 * so a row costs O(source types × MAX_COUNTED + named), never a scan of every other claim.
 */
export function scoreMatrix(
  tiers: Map<string, ConfidenceTier>,
  claims: readonly MatrixClaim[],
  index: ContradictionIndex,
) {
  return claims.map(matrixScorer(tiers, claims, index));
}

export interface MatrixRow {
  claim_id: string;
  score: number;
  label: string;
  basis: string[];
}

/**
 * The matrix's preparation (one pass over the claims), returning the scorer of one row, so a
 * service can score a large matter row by row and step out to the event loop between rows.
 */
export function matrixScorer(
  tiers: Map<string, ConfidenceTier>,
  claims: readonly MatrixClaim[],
  index: ContradictionIndex,
): (c: MatrixClaim) => MatrixRow {
  const evidence = new Map<string, Evidence>();
  for (const c of claims) {
    const source_type = c.source_type as ClaimSourceType;
    const stored = (c.score as { evidence_tier?: string } | null)?.evidence_tier;
    const tier = stored && tiers.has(stored) ? stored : defaultTier(source_type, c.predicate);
    evidence.set(c.id, { ref: c.id, source_type, tier, level: tiers.get(tier)?.level ?? 0 });
  }
  const statementOf = (c: MatrixClaim) =>
    `${c.subject.trim().toLowerCase()}\u0000${c.predicate}\u0000${c.object.trim().toLowerCase()}`;
  const statements = new Map<string, Map<string, { total: number; top: Evidence[] }>>();
  for (const c of claims) {
    const key = statementOf(c);
    let st = statements.get(key);
    if (!st) statements.set(key, (st = new Map()));
    let bySource = st.get(c.source_type);
    if (!bySource) st.set(c.source_type, (bySource = { total: 0, top: [] }));
    bySource.total++;
    const e = evidence.get(c.id)!;
    if (bySource.top.length < MAX_COUNTED || e.level > bySource.top.at(-1)!.level) {
      bySource.top.push(e);
      bySource.top.sort((a, b) => b.level - a.level);
      if (bySource.top.length > MAX_COUNTED) bySource.top.pop();
    }
  }
  // Σ log(factor) per contested group and per subject within it.
  const groupLog = new Map<unknown, { all: number; bySubject: Map<string, number> }>();
  for (const g of index.groups) {
    const bySubject = new Map<string, number>();
    let all = 0;
    for (const [s, e] of g.bySubject) {
      let sum = 0;
      for (const id of e.claim_ids) sum += Math.log(contradictionFactor(evidence.get(id)?.level ?? 0));
      bySubject.set(s, sum);
      all += sum;
    }
    groupLog.set(g, { all, bySubject });
  }
  return (c) => {
    const stored = c.score as { score: number; label: string; basis: string[] } | null;
    if (stored) return { claim_id: c.id, score: stored.score, label: stored.label, basis: stored.basis };
    const st = statements.get(statementOf(c))!;
    const others: Evidence[] = [];
    let otherTotal = 0;
    for (const [source, list] of st) {
      if (source === c.source_type) continue;
      others.push(...list.top);
      otherTotal += list.total;
    }
    others.sort((a, b) => b.level - a.level || a.ref.localeCompare(b.ref));
    const corroboration = others.slice(0, MAX_COUNTED);
    const contra = index.ofClaim(c.id);
    const against = contra
      ? contradictingIds(contra.group, c.subject, MATRIX_NAMED).map((id) => evidence.get(id)!)
      : [];
    let unnamedLog = 0;
    if (contra) {
      const logs = groupLog.get(contra.group)!;
      unnamedLog = logs.all - (logs.bySubject.get(c.subject.trim().toLowerCase()) ?? 0);
      for (const e of against) unnamedLog -= Math.log(contradictionFactor(e.level));
    }
    const own = evidence.get(c.id)!;
    const r = confidenceScore(tiers, {
      evidence_tier: own.tier,
      source_type: own.source_type,
      predicate: c.predicate,
      corroboration,
      contradictions: against,
      proof_ref: hasProofRef(c.source_refs),
      unnamed: {
        corroborations: otherTotal - corroboration.length,
        contradictions: (contra?.count ?? 0) - against.length,
        contradiction_factor: Math.min(1, Math.exp(unnamedLog)),
      },
    });
    return { claim_id: c.id, score: r.score, label: r.label, basis: r.basis };
  };
}
