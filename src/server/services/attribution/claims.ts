import type { Ctx, Db, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { isId, newId, prefixOf } from '../../ids';
import { exactNumber } from '../../json';
import {
  ASSERTION_CAP,
  confidenceScore,
  DEFAULT_TIER,
  labelOf,
  NETWORK_ONLY_CAP,
  type ClaimSourceType,
  type ScoreInput,
} from '../../domain/attribution/confidence';
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
 * the level of the source type's default GraphSense tier; either way capped as the formula caps
 * it: network-signal claims at 39 (weak_signal), unreviewed user assertions at 69.
 */
export async function createClaim(ctx: Ctx, tx: Tx, input: ClaimInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  if (input.subject.trim() === input.object.trim())
    throw invalidParam('object', 'A claim relates two different things.');
  const base = confidenceScore(confidenceTiers(), {
    evidence_tier: DEFAULT_TIER[input.source_type],
    source_type: input.source_type,
    corroboration: [],
    contradictions: [],
  });
  let confidence = input.confidence ?? base.score;
  const basis = [...(input.basis ?? [])];
  if (input.source_type === 'network_signal' && confidence > NETWORK_ONLY_CAP) {
    confidence = NETWORK_ONLY_CAP;
    basis.push(`network signal only: confidence capped at ${NETWORK_ONLY_CAP} (weak_signal)`);
  }
  if (input.source_type === 'user_assertion' && confidence > ASSERTION_CAP) {
    confidence = ASSERTION_CAP;
    basis.push(`unreviewed user assertion: confidence capped at ${ASSERTION_CAP}`);
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

/**
 * Scores a claim with the deterministic formula (domain/attribution/confidence.ts) and keeps
 * the score on the claim. Corroborations that are claim (clm_) or network signal (net_) ids
 * must be of the same matter; other strings are references to independent sources.
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
  const corroboration: ScoreInput['corroboration'] = [];
  for (const [i, ref] of (input.corroboration ?? []).entries()) {
    const prefix = prefixOf(ref);
    if (prefix === 'clm') {
      const other = await tx.attributionClaim.findFirst({
        where: { id: ref, matter_id: claim.matter_id, org_id: ctx.org.id, env: ctx.env },
      });
      if (!other || other.id === claim.id)
        throw invalidParam(`corroboration[${i}]`, `No other claim '${ref}' on this matter.`);
      corroboration.push({ ref, source_type: other.source_type as ClaimSourceType });
    } else if (prefix === 'net') {
      const sig = await tx.networkAttribution.findFirst({
        where: { id: ref, matter_id: claim.matter_id, org_id: ctx.org.id, env: ctx.env, kind: 'signal' },
      });
      if (!sig) throw invalidParam(`corroboration[${i}]`, `No network signal '${ref}' on this matter.`);
      corroboration.push({ ref, source_type: 'network_signal' });
    } else corroboration.push({ ref, source_type: 'reference' });
  }
  const r = confidenceScore(tiers, {
    evidence_tier: input.evidence_tier,
    source_type: claim.source_type as ClaimSourceType,
    corroboration,
    contradictions: input.contradictions ?? [],
    reviewed: input.reviewed,
  });
  const score = {
    score: r.score,
    label: r.label,
    basis: r.basis,
    evidence_tier: input.evidence_tier,
    network_only: r.network_only,
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
