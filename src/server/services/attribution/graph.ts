import type { Ctx, Db, Tx } from '../../context';
import { invalidParam } from '../../errors';
import { isId, newId } from '../../ids';
import { confidenceScore, DEFAULT_TIER, type ClaimSourceType } from '../../domain/attribution/confidence';
import { buildGraph, contradictions, type ClaimLike } from '../../domain/attribution/graph';
import { addressKey, parseAddress } from '../../domain/judgments/wallet-address';
import { exchangeSlug } from '../../domain/judgments/wallet-index';
import type { ChainNetwork } from '../../domain/crypto/networks';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { eventData } from '../judgments/serialize';
import { getChainSource } from '../chain/source';
import { confidenceTiers } from '../crypto/reference-data';
import { counterpartyNotes, exchangeLabelOf } from '../crypto/labels';
import { walletIndex } from '../judgments/wallet-data';
import { manifestEntry } from '../crypto/manifest';
import { CRYPTO_DATASETS } from '../crypto/asset-map';
import { reviewState } from '../crypto/serialize';

const MAX_COUNTERPARTIES = 50;

/**
 * Scores every claim of a matter for the confidence matrix: a stored score (from
 * POST /v1/attribution/confidence-score) wins; otherwise the formula over the source type's
 * default tier, corroborated by same-statement claims of other source types, lowered by
 * contradicting claims.
 */
export function scoreMatrix(
  claims: { id: string; subject: string; predicate: string; object: string; source_type: string; score: unknown }[],
) {
  const tiers = confidenceTiers();
  const like = claims.map((c) => ({
    claim_id: c.id,
    subject: c.subject,
    predicate: c.predicate,
    object: c.object,
    source_type: c.source_type,
    score: 0,
    label: '',
  }));
  const contra = contradictions(like);
  const same = (a: ClaimLike, b: ClaimLike) =>
    a.subject.toLowerCase() === b.subject.toLowerCase() &&
    a.predicate === b.predicate &&
    a.object.toLowerCase() === b.object.toLowerCase();
  return claims.map((c, i) => {
    const stored = c.score as { score: number; label: string; basis: string[] } | null;
    if (stored) return { claim_id: c.id, score: stored.score, label: stored.label, basis: stored.basis };
    const corroboration = like
      .filter((o) => o.claim_id !== c.id && same(o, like[i]) && o.source_type !== c.source_type)
      .map((o) => ({ ref: o.claim_id, source_type: o.source_type as ClaimSourceType }));
    const against = contra
      .filter((x) => x.claim_id === c.id || x.contradicts === c.id)
      .map((x) => (x.claim_id === c.id ? x.contradicts : x.claim_id));
    const r = confidenceScore(tiers, {
      evidence_tier: DEFAULT_TIER[c.source_type as ClaimSourceType] ?? 'unknown',
      source_type: c.source_type as ClaimSourceType,
      corroboration,
      contradictions: against,
    });
    return { claim_id: c.id, score: r.score, label: r.label, basis: r.basis };
  });
}

/**
 * Builds (creates or refreshes) and stores the matter's attribution graph (gra_): nodes for
 * wallets, people, entities, exchanges and counterparties; edges for aggregated transfers and
 * claims; contradictions; the confidence matrix. Writes `attribution_graph.created`.
 */
export async function createGraph(
  ctx: Ctx,
  tx: Tx,
  input: { matter_id: string; wallet_ids?: string[]; include_contradictions?: boolean },
) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const all = await tx.attributionWallet.findMany({
    where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
    orderBy: { id: 'asc' },
  });
  let wallets = all;
  if (input.wallet_ids?.length) {
    wallets = input.wallet_ids.map((id, i) => {
      const w = all.find((x) => x.id === id);
      if (!w) throw invalidParam(`wallet_ids[${i}]`, `No imported wallet '${id}' on this matter.`);
      return w;
    });
  }
  const claims = await tx.attributionClaim.findMany({
    where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
    orderBy: { id: 'asc' },
  });
  const matrix = scoreMatrix(claims);
  const byId = new Map(matrix.map((x) => [x.claim_id, x]));
  const transfers = [];
  const manifest = [];
  const reasons: string[] = [];
  for (const network of [...new Set(wallets.map((w) => w.network))] as ChainNetwork[]) {
    const src = getChainSource(ctx, tx, network);
    manifest.push(await manifestEntry(src, CRYPTO_DATASETS));
    if (!src.available) reasons.push(src.missing!);
    transfers.push(...(await src.transfers(wallets.filter((w) => w.network === network).map((w) => w.address_key))));
  }
  const like: ClaimLike[] = claims.map((c) => ({
    claim_id: c.id,
    subject: c.subject,
    predicate: c.predicate,
    object: c.object,
    source_type: c.source_type,
    score: byId.get(c.id)!.score,
    label: byId.get(c.id)!.label,
  }));
  const index = walletIndex();
  const g = buildGraph({
    wallets: wallets.map((w) => ({
      key: w.address_key,
      address: w.address,
      network: w.network,
      wallet_id: w.id,
      role: w.role,
    })),
    transfers,
    claims: like,
    addressOf: (text) => {
      const p = parseAddress(text);
      return p.valid ? { key: addressKey(p.address), address: p.address } : null;
    },
    exchangeOf: (k) => exchangeLabelOf(k)?.exchange ?? null,
    notesOf: (k) => counterpartyNotes(k).notes,
    isExchangeName: (t) => index.exchanges.has(exchangeSlug(t)),
    maxCounterparties: MAX_COUNTERPARTIES,
  });
  const contra = contradictions(like);
  if (contra.length) reasons.push(`${contra.length} contradicting claim pair(s)`);
  if (like.some((c) => c.source_type === 'network_signal'))
    reasons.push('Claims resting on network signals are not standalone proof.');
  const id = newId('graph');
  const body = {
    object: 'attribution_graph' as const,
    graph_id: id,
    matter_id: m.id,
    wallet_ids: wallets.map((w) => w.id),
    nodes: g.nodes,
    edges: g.edges,
    claims: claims.map((c) => ({
      claim_id: c.id,
      subject: c.subject,
      predicate: c.predicate,
      object: c.object,
      source_type: c.source_type,
      source_refs: c.source_refs,
      confidence: byId.get(c.id)!.score,
    })),
    contradictions: input.include_contradictions ? contra : [],
    confidence_matrix: matrix,
    truncated: g.truncated,
    review_state: reviewState(reasons),
    source_manifest: manifest,
    created_at: new Date().toISOString(),
  };
  await tx.attributionGraph.create({
    data: { id, org_id: ctx.org.id, env: ctx.env, matter_id: m.id, body: JSON.parse(JSON.stringify(body)) },
  });
  await recordChange(ctx, tx, {
    event_type: 'attribution_graph.created',
    object_type: 'attribution_graph',
    object_id: id,
    matter_id: m.id,
    details: { nodes: g.nodes.length, edges: g.edges.length, claims: claims.length, contradictions: contra.length },
    data: eventData({
      ...body,
      nodes: undefined,
      edges: undefined,
      node_count: g.nodes.length,
      edge_count: g.edges.length,
    }),
  });
  return body;
}

/** A stored graph, as built. */
export async function getGraph(ctx: Ctx, db: Db, id: string) {
  const row = await loadOwned(ctx, 'attribution graph', id, isId('graph', id), () =>
    db.attributionGraph.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );
  return row.body as Record<string, unknown>;
}
