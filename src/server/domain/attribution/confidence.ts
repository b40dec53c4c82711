/**
 * The attribution confidence score (API-CONTRACT §17, issue 31 part 2), a deterministic formula
 * over the GraphSense confidence taxonomy (data/attribution/graphsense-confidence.csv). Every
 * input it counts is evidence with a source type and a tier, never free text; the comparison
 * with GraphSense and TRM is docs/attribution-confidence.md.
 *
 *   1. the tier must be one the claim's source type can support (TIERS_BY_SOURCE: a network
 *      signal cannot assert `ownership`; the ledger shows transfers, not who controls an
 *      address, so `ledger_immanent` is for ledger predicates only);
 *      base = level(tier), 0–100;
 *   2. corroborations, strongest first, duplicates once, at most MAX_COUNTED of them: the k-th,
 *      of level w, closes part of the gap   s ← s + (100 − s) × 0.3 × (w / 100) / k;
 *   3. each distinct contradiction of level w   s ← s × (1 − 0.4 × w / 100)
 *      (a contradiction as strong as the ledger costs 40%, an unknown tip 2%);
 *   4. caps: supported only by network signals ≤ 39 (weak_signal, specification rule 2); a user
 *      assertion not reviewed by someone other than its author ≤ 69 (moderate); an on-chain
 *      owns/controls claim without a proof of control (a signed message, an exchange response,
 *      a court finding) ≤ 69: it may not pass `strong` on ledger patterns alone;
 *   5. score = s rounded half-up to 2 decimals; label: weak_signal < 40 ≤ moderate < 70 ≤
 *      strong < 90 ≤ confirmed.
 */
export const CORROBORATION_STEP = 0.3;
export const CONTRADICTION_WEIGHT = 0.4;
export const NETWORK_ONLY_CAP = 39;
export const ASSERTION_CAP = 69;
export const UNPROVEN_CONTROL_CAP = 69;
/** Corroborations that count (the strongest); more are listed as not counted. */
export const MAX_COUNTED = 10;
/** Corroborations and contradictions a basis names one line each; the rest share one line. */
export const NAMED = 5;

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

/** Predicates the transaction ledger itself shows (a transfer happened); the others it cannot. */
export const LEDGER_PREDICATES = new Set(['deposited_to', 'transacted_with']);
/** Predicates naming who holds an address (the ones that can contradict each other). */
export const CONTROL_PREDICATES = new Set(['owns', 'controls']);

/**
 * The GraphSense tiers each source type can support, its default first. `ownership` ("creator
 * controls the private key") needs a proof of control on the claim (a `proof_of_control`
 * source ref: a signed message); `override` and `manual_cluster` are cluster-level tags, not
 * claims about one statement, so no source type may use them.
 */
export const TIERS_BY_SOURCE: Record<ClaimSourceType, readonly string[]> = {
  onchain: [
    'heuristic',
    'ledger_immanent',
    'manual_transaction',
    'untrusted_transaction',
    'forensic_investigation',
    'ownership',
    'unknown',
  ],
  exchange_response: ['service_api', 'service_data', 'forensic_investigation', 'ownership', 'unknown'],
  court_filing: ['authority_data', 'forensic_investigation', 'forensic', 'unknown'],
  osint: ['web_crawl', 'forensic', 'trusted_provider', 'heuristic', 'unknown'],
  network_signal: ['heuristic', 'unknown'],
  user_assertion: ['unknown', 'heuristic', 'ownership'],
};

/** Source-ref types that prove who controls an address (a signed message; KYC; a court's finding). */
export const PROOF_REF_TYPES = new Set([
  'proof_of_control',
  'exchange_response',
  'subpoena_response',
  'judgment',
  'court_order',
]);
/** Claim source types that are themselves a proof of control when they corroborate. */
export const PROOF_SOURCE_TYPES = new Set<ClaimSourceType>(['exchange_response', 'court_filing']);

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

/**
 * The tier a claim's source type implies when none is named. An on-chain claim of a ledger
 * predicate is read from the ledger (100); an on-chain claim of who owns or controls an
 * address is an inference from ledger patterns (GraphSense `heuristic`, 10).
 */
export function defaultTier(source_type: ClaimSourceType, predicate: string): string {
  if (source_type === 'onchain') return LEDGER_PREDICATES.has(predicate) ? 'ledger_immanent' : 'heuristic';
  return TIERS_BY_SOURCE[source_type][0];
}

/** Why `tier` cannot back a claim of this source type and predicate, or null. */
export function tierProblem(
  source_type: ClaimSourceType,
  predicate: string,
  tier: string,
  has_proof_ref: boolean,
): string | null {
  const allowed = TIERS_BY_SOURCE[source_type];
  if (!allowed.includes(tier))
    return `A ${source_type} claim cannot use evidence tier '${tier}'. Allowed: ${allowed.join(', ')}.`;
  if (tier === 'ledger_immanent' && !LEDGER_PREDICATES.has(predicate))
    return `The ledger shows transfers, not who ${predicate === 'owns' ? 'owns' : 'controls'} an address: 'ledger_immanent' is for ${[...LEDGER_PREDICATES].join(', ')} claims.`;
  if (tier === 'ownership' && !has_proof_ref)
    return "Evidence tier 'ownership' (proven address ownership) needs a source ref of type proof_of_control on the claim (a signed message).";
  return null;
}

/** True when one of the claim's source refs proves control (see PROOF_REF_TYPES). */
export const hasProofRef = (refs: unknown): boolean =>
  Array.isArray(refs) &&
  refs.some((r) => PROOF_REF_TYPES.has(String((r as { source_type?: unknown } | null)?.source_type ?? '')));

export const labelOf = (score: number): ConfidenceLabel =>
  score < 40 ? 'weak_signal' : score < 70 ? 'moderate' : score < 90 ? 'strong' : 'confirmed';

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

/** One piece of counted evidence: another claim (or a network signal) with its own tier. */
export interface Evidence {
  ref: string;
  source_type: ClaimSourceType;
  tier: string;
  level: number;
}

/** The factor one contradiction of level `level` applies. */
export const contradictionFactor = (level: number) => 1 - (CONTRADICTION_WEIGHT * level) / 100;

export interface ScoreInput {
  evidence_tier: string;
  /** The claim's own source type and predicate. */
  source_type: ClaimSourceType;
  predicate: string;
  corroboration: Evidence[];
  contradictions: Evidence[];
  /**
   * Corroborations and contradictions that were not passed one by one (the confidence matrix
   * names a few, so a claim contradicted by 999 others costs one basis line, not 999):
   * further corroborations (past MAX_COUNTED they do not count anyway), and further
   * contradictions with the product of their factors.
   */
  unnamed?: { corroborations: number; contradictions: number; contradiction_factor: number };
  /** The claim's own source refs prove control (a signed message, KYC, a court finding). */
  proof_ref?: boolean;
  /** Who wrote the claim and who reviewed it; a review lifts the assertion cap only when they differ. */
  review?: { author: string | null; reviewer: string } | null;
}

export interface ScoreResult {
  score: number;
  label: ConfidenceLabel;
  basis: string[];
  network_only: boolean;
}

const dedupe = (xs: Evidence[]) =>
  [...new Map(xs.map((e) => [e.ref, e])).values()].sort((a, b) => b.level - a.level || a.ref.localeCompare(b.ref));

/** Scores one claim; `tiers` is the parsed taxonomy. Throws on an unknown tier (callers validate first). */
export function confidenceScore(tiers: Map<string, ConfidenceTier>, input: ScoreInput): ScoreResult {
  const tier = tiers.get(input.evidence_tier);
  if (!tier) throw new Error(`unknown evidence tier ${input.evidence_tier}`);
  const basis = [`evidence_tier ${tier.id} (${tier.label}): base ${tier.level}`];
  let s = tier.level;
  const more = input.unnamed ?? { corroborations: 0, contradictions: 0, contradiction_factor: 1 };

  const corroborations = dedupe(input.corroboration);
  const counted = corroborations.slice(0, MAX_COUNTED);
  counted.forEach((c, i) => {
    const k = i + 1;
    s += ((100 - s) * CORROBORATION_STEP * (c.level / 100)) / k;
    if (k <= NAMED)
      basis.push(
        `corroboration ${k} (${c.ref}, ${c.source_type} ${c.tier} ${c.level}): +(100 − s) × ${CORROBORATION_STEP} × ${c.level}/100 / ${k} → ${round2(s)}`,
      );
  });
  if (counted.length > NAMED)
    basis.push(
      `corroborations ${NAMED + 1}–${counted.length}: each +(100 − s) × ${CORROBORATION_STEP} × w/100 / k → ${round2(s)}`,
    );
  const uncounted = corroborations.length - counted.length + more.corroborations;
  if (uncounted > 0) basis.push(`${uncounted} more corroboration(s) not counted: at most ${MAX_COUNTED} count`);

  const contradictions = dedupe(input.contradictions);
  contradictions.forEach((c, i) => {
    s *= contradictionFactor(c.level);
    if (i < NAMED)
      basis.push(
        `contradiction (${c.ref}, ${c.source_type} ${c.tier} ${c.level}): × (1 − ${CONTRADICTION_WEIGHT} × ${c.level}/100) → ${round2(s)}`,
      );
  });
  const unnamedContra = Math.max(0, contradictions.length - NAMED);
  let factor = 1;
  if (unnamedContra) {
    // Recompute the product of the unnamed ones for their one basis line.
    for (const c of contradictions.slice(NAMED)) factor *= contradictionFactor(c.level);
  }
  if (more.contradictions > 0) {
    s *= more.contradiction_factor;
    factor *= more.contradiction_factor;
  }
  if (unnamedContra + more.contradictions > 0)
    basis.push(
      `${unnamedContra + more.contradictions} more contradiction(s), not named: × ${Number(factor.toPrecision(4))} → ${round2(s)}`,
    );

  const networkOnly =
    input.source_type === 'network_signal' &&
    more.corroborations === 0 &&
    corroborations.every((c) => c.source_type === 'network_signal');
  if (networkOnly && s > NETWORK_ONLY_CAP) {
    s = NETWORK_ONLY_CAP;
    basis.push(`supported only by network signals: capped at ${NETWORK_ONLY_CAP} (weak_signal)`);
  }
  const reviewed = !!input.review && !!input.review.author && input.review.author !== input.review.reviewer;
  if (input.source_type === 'user_assertion' && !reviewed && s > ASSERTION_CAP) {
    s = ASSERTION_CAP;
    basis.push(`user assertion not reviewed by someone other than its author: capped at ${ASSERTION_CAP} (moderate)`);
  }
  if (input.source_type === 'onchain' && CONTROL_PREDICATES.has(input.predicate) && s > UNPROVEN_CONTROL_CAP) {
    const proof = input.proof_ref ? 'its source refs' : counted.find((c) => PROOF_SOURCE_TYPES.has(c.source_type))?.ref;
    if (!proof) {
      s = UNPROVEN_CONTROL_CAP;
      basis.push(
        `on-chain ${input.predicate} claim without a proof of control (signed message, exchange response, court finding): capped at ${UNPROVEN_CONTROL_CAP} (moderate)`,
      );
    } else basis.push(`proof of control: ${proof}`);
  }
  const score = round2(s);
  return { score, label: labelOf(score), basis, network_only: networkOnly };
}
