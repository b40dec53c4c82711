import type { Ctx, Db, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { isId, newId, prefixOf } from '../../ids';
import { exactNumber } from '../../json';
import {
  confidenceScore,
  CONTROL_PREDICATES,
  defaultTier,
  hasProofRef,
  labelOf,
  tierProblem,
  TIERS_BY_SOURCE,
  type ClaimSourceType,
  type Evidence,
} from '../../domain/attribution/confidence';
import { contradictionProblem } from '../../domain/attribution/contradictions';
import { isCustodian } from '../crypto/labels';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { eventData } from '../judgments/serialize';
import { confidenceTiers } from '../crypto/reference-data';

export interface ClaimInput {
  matter_id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: ClaimSourceType;
  source_refs?: unknown[];
  confidence?: number;
  basis?: string[];
}

type Row = {
  id: string;
  matter_id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: string;
  source_refs: unknown;
  basis: unknown;
  confidence: { toFixed(): string };
  score: unknown;
  created_at: Date;
};

/**
 * The claim resource. Its `object` is the claim's object (specification field), so unlike
 * other resources the resource kind is named by `object_type`.
 */
export const claimOut = (c: Row) => ({
  object_type: 'attribution_claim' as const,
  claim_id: c.id,
  matter_id: c.matter_id,
  subject: c.subject,
  predicate: c.predicate,
  object: c.object,
  source_type: c.source_type,
  source_refs: c.source_refs,
  basis: c.basis,
  confidence: exactNumber(c.confidence),
  confidence_label: labelOf(Number(c.confidence.toFixed())),
  score: (c.score ?? null) as Record<string, unknown> | null,
  created_at: c.created_at.toISOString(),
});

/**
 * Records an attribution claim (201). Its confidence is the caller's (0–100) or, without one,
 * the level of its default GraphSense tier; either way no higher than the claim could score
 * alone with the strongest tier its source type supports (TIERS_BY_SOURCE), caps included:
 * a network signal stays ≤ 39, an unreviewed assertion ≤ 69, an on-chain control claim without
 * a proof of control ≤ 69. Confidence is not typed in past what the evidence can show.
 */
export async function createClaim(ctx: Ctx, tx: Tx, input: ClaimInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  if (input.subject.trim() === input.object.trim())
    throw invalidParam('object', 'A claim relates two different things.');
  const tiers = confidenceTiers();
  const proof = hasProofRef(input.source_refs);
  const alone = (tier: string) =>
    confidenceScore(tiers, {
      evidence_tier: tier,
      source_type: input.source_type,
      predicate: input.predicate,
      corroboration: [],
      contradictions: [],
      proof_ref: proof,
    });
  const base = alone(defaultTier(input.source_type, input.predicate));
  let best = base;
  for (const t of TIERS_BY_SOURCE[input.source_type]) {
    if (tierProblem(input.source_type, input.predicate, t, proof)) continue;
    const r = alone(t);
    if (r.score > best.score) best = r;
  }
  let confidence = input.confidence ?? base.score;
  const basis = [...(input.basis ?? [])];
  if (confidence > best.score) {
    basis.push(
      `confidence ${confidence} is more than a ${input.source_type} ${input.predicate} claim shows alone: lowered to ${best.score} (${best.basis.join('; ')})`,
    );
    confidence = best.score;
  }
  const c = await tx.attributionClaim.create({
    data: {
      id: newId('claim'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      subject: input.subject.trim(),
      predicate: input.predicate,
      object: input.object.trim(),
      source_type: input.source_type,
      source_refs: (input.source_refs ?? []) as never,
      basis: basis as never,
      confidence: String(confidence),
    },
  });
  const out = claimOut(c);
  await recordChange(ctx, tx, {
    event_type: 'attribution_claim.created',
    object_type: 'attribution_claim',
    object_id: c.id,
    matter_id: m.id,
    details: { predicate: c.predicate, source_type: c.source_type, confidence },
    data: eventData(out),
  });
  return out;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Why claim `o` does not state what `c` states (same subject and object; the same predicate, or owns/controls). */
function statementProblem(
  c: { subject: string; predicate: string; object: string },
  o: { subject: string; predicate: string; object: string },
): string | null {
  if (norm(c.subject) !== norm(o.subject) || norm(c.object) !== norm(o.object))
    return `it is about ${o.subject} ${o.predicate} ${o.object}`;
  if (c.predicate !== o.predicate && !(CONTROL_PREDICATES.has(c.predicate) && CONTROL_PREDICATES.has(o.predicate)))
    return `it states '${o.predicate}', not '${c.predicate}'`;
  return null;
}

async function loadClaim(ctx: Ctx, db: Db, id: string, param?: string) {
  return loadOwned(
    ctx,
    'attribution claim',
    id,
    isId('claim', id),
    () => db.attributionClaim.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
    param,
  );
}

/** Who recorded a claim: the actor of its `attribution_claim.created` audit event. */
async function authorOf(tx: Tx, claim: { id: string; matter_id: string }) {
  const e = await tx.auditEvent.findFirst({
    where: {
      matter_id: claim.matter_id,
      object_type: 'attribution_claim',
      object_id: claim.id,
      event_type: 'attribution_claim.created',
    },
    select: { actor_id: true },
  });
  return e?.actor_id ?? null;
}

const CORROBORATION_IDS =
  "Corroborations are ids of other claims (clm_…) or network signals (net_…) on this matter, not free text: record a source as its own claim (with its source_refs) and cite that claim's id.";

/**
 * Scores a claim with the deterministic formula (domain/attribution/confidence.ts) and keeps
 * the score on the claim. The tier must be one the claim's source type supports. Each
 * corroboration is another claim of the same statement (or a network signal) of this matter,
 * and counts at its own tier; each contradiction is a claim of this matter that really
 * contradicts this one (contradictions.ts: custody and beneficial control do not). `reviewed`
 * is the caller's review, refused when the caller wrote the claim.
 */
export async function scoreClaim(
  ctx: Ctx,
  tx: Tx,
  input: {
    claim_id: string;
    evidence_tier: string;
    corroboration?: string[];
    contradictions?: string[];
    reviewed?: boolean;
  },
) {
  const tiers = confidenceTiers();
  if (!tiers.has(input.evidence_tier)) {
    throw invalidParam(
      'evidence_tier',
      `Unknown evidence tier '${input.evidence_tier}'. Known: ${[...tiers.keys()].join(', ')}.`,
    );
  }
  const claim = await loadClaim(ctx, tx, input.claim_id, 'claim_id');
  await loadWritableMatter(ctx, tx, claim.matter_id);
  const sourceType = claim.source_type as ClaimSourceType;
  const proof = hasProofRef(claim.source_refs);
  const problem = tierProblem(sourceType, claim.predicate, input.evidence_tier, proof);
  if (problem) throw invalidParam('evidence_tier', problem);

  const corrIds = input.corroboration ?? [];
  const contraIds = input.contradictions ?? [];
  corrIds.forEach((ref, i) => {
    if (prefixOf(ref) !== 'clm' && prefixOf(ref) !== 'net')
      throw invalidParam(`corroboration[${i}]`, CORROBORATION_IDS);
  });
  contraIds.forEach((ref, i) => {
    if (prefixOf(ref) !== 'clm')
      throw invalidParam(
        `contradictions[${i}]`,
        'Contradictions are ids of other claims (clm_…) on this matter, not free text.',
      );
  });
  const scope = { matter_id: claim.matter_id, org_id: ctx.org.id, env: ctx.env };
  const claimIds = [...new Set([...corrIds, ...contraIds].filter((r) => prefixOf(r) === 'clm'))];
  const others = new Map(
    (claimIds.length ? await tx.attributionClaim.findMany({ where: { ...scope, id: { in: claimIds } } }) : []).map(
      (o) => [o.id, o],
    ),
  );
  const netIds = [...new Set(corrIds.filter((r) => prefixOf(r) === 'net'))];
  const signals = new Set(
    (netIds.length
      ? await tx.networkAttribution.findMany({
          where: { ...scope, kind: 'signal', id: { in: netIds } },
          select: { id: true },
        })
      : []
    ).map((x) => x.id),
  );
  const evidenceOf = (o: { id: string; source_type: string; predicate: string; score: unknown }): Evidence => {
    const st = o.source_type as ClaimSourceType;
    const stored = (o.score as { evidence_tier?: string } | null)?.evidence_tier;
    const tier = stored && tiers.has(stored) ? stored : defaultTier(st, o.predicate);
    return { ref: o.id, source_type: st, tier, level: tiers.get(tier)!.level };
  };
  const corroboration: Evidence[] = corrIds.map((ref, i) => {
    if (prefixOf(ref) === 'net') {
      if (!signals.has(ref)) throw invalidParam(`corroboration[${i}]`, `No network signal '${ref}' on this matter.`);
      return { ref, source_type: 'network_signal', tier: 'heuristic', level: tiers.get('heuristic')!.level };
    }
    const o = others.get(ref);
    if (!o || o.id === claim.id) throw invalidParam(`corroboration[${i}]`, `No other claim '${ref}' on this matter.`);
    const why = statementProblem(claim, o);
    if (why) throw invalidParam(`corroboration[${i}]`, `Claim '${ref}' does not corroborate this one: ${why}.`);
    return evidenceOf(o);
  });
  const contradictions: Evidence[] = contraIds.map((ref, i) => {
    const o = others.get(ref);
    if (!o || o.id === claim.id) throw invalidParam(`contradictions[${i}]`, `No other claim '${ref}' on this matter.`);
    const why = contradictionProblem(claim, o, isCustodian);
    if (why) throw invalidParam(`contradictions[${i}]`, `Claim '${ref}' does not contradict this one: ${why}.`);
    return evidenceOf(o);
  });
  let review: { author: string | null; reviewer: string } | null = null;
  if (input.reviewed) {
    review = { author: await authorOf(tx, claim), reviewer: ctx.actor.id };
    if (!review.author || review.author === review.reviewer)
      throw invalidParam('reviewed', 'A claim is reviewed by someone other than its author.');
  }
  const r = confidenceScore(tiers, {
    evidence_tier: input.evidence_tier,
    source_type: sourceType,
    predicate: claim.predicate,
    corroboration,
    contradictions,
    proof_ref: proof,
    review,
  });
  const score = {
    score: r.score,
    label: r.label,
    basis: r.basis,
    evidence_tier: input.evidence_tier,
    network_only: r.network_only,
    reviewed_by: review?.reviewer ?? null,
    scored_at: new Date().toISOString(),
  };
  await tx.attributionClaim.update({
    where: { id: claim.id },
    data: { confidence: String(r.score), score: score as never },
  });
  await recordChange(ctx, tx, {
    event_type: 'attribution_claim.scored',
    object_type: 'attribution_claim',
    object_id: claim.id,
    matter_id: claim.matter_id,
    details: { score: r.score, label: r.label, evidence_tier: input.evidence_tier },
  });
  return { object: 'confidence_score' as const, claim_id: claim.id, ...score };
}
