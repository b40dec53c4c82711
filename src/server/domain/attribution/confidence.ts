/**
 * The attribution confidence score (API-CONTRACT §17), a deterministic formula over the
 * GraphSense confidence taxonomy (data/attribution/graphsense-confidence.csv):
 *
 *   1. base   = level(evidence_tier), 0–100 (e.g. ownership 100, forensic_investigation 70,
 *               web_crawl 20, heuristic 10);
 *   2. for the k-th independent corroboration (k = 1, 2, …, duplicates counted once):
 *               s ← s + (100 − s) × 0.3 / k        (each step closes less of the gap);
 *   3. for each distinct contradiction:  s ← s × 0.6;
 *   4. caps: a claim supported only by network signals (its own source type and every
 *               corroboration) ≤ 39 (weak_signal, specification rule 2); an unreviewed
 *               user assertion ≤ 69 (moderate);
 *   5. score = s rounded half-up to 2 decimals; label: weak_signal < 40 ≤ moderate < 70 ≤
 *               strong < 90 ≤ confirmed.
 */
export const CORROBORATION_STEP = 0.3;
export const CONTRADICTION_FACTOR = 0.6;
export const NETWORK_ONLY_CAP = 39;
export const ASSERTION_CAP = 69;

export const CLAIM_SOURCE_TYPES = [
  'onchain',
  'exchange_response',
  'court_filing',
  'osint',
  'network_signal',
  'user_assertion',
] as const;
export type ClaimSourceType = (typeof CLAIM_SOURCE_TYPES)[number];
export const PREDICATES = [
  'controls',
  'owns',
  'deposited_to',
  'transacted_with',
  'alias_of',
  'associated_with',
] as const;

export type ConfidenceLabel = 'weak_signal' | 'moderate' | 'strong' | 'confirmed';

export interface ConfidenceTier {
  id: string;
  label: string;
  level: number;
}

export const CONFIDENCE_DATASET = {
  name: 'data/attribution/graphsense-confidence.csv',
  as_of: 'graphsense-tagpack-tool a14a1597 (2025-09-04)',
};

/** Parses the taxonomy CSV (id,label,description,level; the description may hold commas). */
export function parseConfidenceCsv(text: string): Map<string, ConfidenceTier> {
  const tiers = new Map<string, ConfidenceTier>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split(',');
    const level = Number(cells.at(-1)!.trim());
    tiers.set(cells[0].trim(), { id: cells[0].trim(), label: cells[1].trim(), level });
  }
  return tiers;
}

/** The evidence tier a claim's source type implies when none is named. */
export const DEFAULT_TIER: Record<ClaimSourceType, string> = {
  onchain: 'ledger_immanent',
  exchange_response: 'service_api',
  court_filing: 'authority_data',
  osint: 'web_crawl',
  network_signal: 'heuristic',
  user_assertion: 'unknown',
};

export const labelOf = (score: number): ConfidenceLabel =>
  score < 40 ? 'weak_signal' : score < 70 ? 'moderate' : score < 90 ? 'strong' : 'confirmed';

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

export interface ScoreInput {
  evidence_tier: string;
  /** The claim's own source type. */
  source_type: ClaimSourceType;
  /** Independent corroborations, each with the source type it rests on. */
  corroboration: { ref: string; source_type: ClaimSourceType | 'reference' }[];
  contradictions: string[];
  /**
   * Further distinct corroborations and contradictions that count but are not named (the
   * confidence matrix names a few of each, so a claim contradicted by 999 others costs one
   * basis line, not 999). The unnamed corroborations are of source types other than the
   * claim's own.
   */
  unnamed?: { corroborations: number; contradictions: number };
  /** True once a reviewer accepted the claim (lifts the user-assertion cap). */
  reviewed?: boolean;
}

export interface ScoreResult {
  score: number;
  label: ConfidenceLabel;
  basis: string[];
  network_only: boolean;
}

/** Scores one claim; `tiers` is the parsed taxonomy. Throws on an unknown tier (callers validate first). */
export function confidenceScore(tiers: Map<string, ConfidenceTier>, input: ScoreInput): ScoreResult {
  const tier = tiers.get(input.evidence_tier);
  if (!tier) throw new Error(`unknown evidence tier ${input.evidence_tier}`);
  const basis = [`evidence_tier ${tier.id} (${tier.label}): base ${tier.level}`];
  let s = tier.level;
  const corroborations = [...new Map(input.corroboration.map((c) => [c.ref, c])).values()];
  corroborations.forEach((c, i) => {
    const k = i + 1;
    s += ((100 - s) * CORROBORATION_STEP) / k;
    basis.push(
      `corroboration ${k} (${c.ref}, ${c.source_type}): +(100 − s) × ${CORROBORATION_STEP}/${k} → ${round2(s)}`,
    );
  });
  const more = input.unnamed ?? { corroborations: 0, contradictions: 0 };
  if (more.corroborations > 0) {
    const first = corroborations.length + 1;
    const last = corroborations.length + more.corroborations;
    for (let k = first; k <= last; k++) s += ((100 - s) * CORROBORATION_STEP) / k;
    basis.push(
      `corroborations ${first}–${last} (${more.corroborations} more, not named): each +(100 − s) × ${CORROBORATION_STEP}/k → ${round2(s)}`,
    );
  }
  for (const c of new Set(input.contradictions)) {
    s *= CONTRADICTION_FACTOR;
    basis.push(`contradiction (${c}): × ${CONTRADICTION_FACTOR} → ${round2(s)}`);
  }
  if (more.contradictions > 0) {
    // Stop once the score rounds to 0 for good: further steps would only crawl through
    // subnormal floats (slow on every CPU) to the same 0.00.
    for (let i = 0; i < more.contradictions && s >= 1e-9; i++) s *= CONTRADICTION_FACTOR;
    basis.push(
      `${more.contradictions} more contradiction(s), not named: × ${CONTRADICTION_FACTOR}^${more.contradictions} → ${round2(s)}`,
    );
  }
  const networkOnly =
    input.source_type === 'network_signal' &&
    more.corroborations === 0 &&
    corroborations.every((c) => c.source_type === 'network_signal');
  if (networkOnly && s > NETWORK_ONLY_CAP) {
    s = NETWORK_ONLY_CAP;
    basis.push(`supported only by network signals: capped at ${NETWORK_ONLY_CAP} (weak_signal)`);
  }
  if (input.source_type === 'user_assertion' && !input.reviewed && s > ASSERTION_CAP) {
    s = ASSERTION_CAP;
    basis.push(`unreviewed user assertion: capped at ${ASSERTION_CAP} (moderate)`);
  }
  const score = round2(s);
  return { score, label: labelOf(score), basis, network_only: networkOnly };
}
