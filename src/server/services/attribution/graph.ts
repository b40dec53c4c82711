import type { Ctx, Db, Tx } from '../../context';
import { isId, newId } from '../../ids';
import { buildGraph, type ClaimLike } from '../../domain/attribution/graph';
import { contradictionReport, indexContradictions } from '../../domain/attribution/contradictions';
import { scoreMatrix } from '../../domain/attribution/matrix';
import { addressKey, parseAddress } from '../../domain/judgments/wallet-address';
import { exchangeSlug } from '../../domain/judgments/wallet-index';
import type { ChainNetwork } from '../../domain/crypto/networks';
import type { ChainTransfer } from '../../domain/crypto/hypotheses';
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
import { namedOrImplicitWallets } from '../crypto/wallet-inputs';
import { loopYield } from '../loop-yield';

const MAX_COUNTERPARTIES = 50;

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
  // Each stage below is CPU work between queries: step out to the event loop between them.
  const pause = loopYield();
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  const wallets = await namedOrImplicitWallets(ctx, tx, m.id, input.wallet_ids);
  await pause();
  const claims = await tx.attributionClaim.findMany({
    where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
    orderBy: { id: 'asc' },
  });
  await pause();
  const index = indexContradictions(claims.map((c) => ({ ...c, claim_id: c.id })));
  const matrix = scoreMatrix(confidenceTiers(), claims, index);
  await pause();
  const byId = new Map(matrix.map((x) => [x.claim_id, x]));
  let transfers: ChainTransfer[] = [];
  const manifest = [];
  const reasons: string[] = [];
  for (const network of [...new Set(wallets.map((w) => w.network))] as ChainNetwork[]) {
    const src = getChainSource(ctx, tx, network);
    manifest.push(await manifestEntry(src, CRYPTO_DATASETS));
    if (!src.available) reasons.push(src.missing!);
    await pause();
    const more = await src.transfers(wallets.filter((w) => w.network === network).map((w) => w.address_key));
    transfers = transfers.length ? transfers.concat(more) : more;
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
  const labels = walletIndex();
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
    isExchangeName: (t) => labels.exchanges.has(exchangeSlug(t)),
    maxCounterparties: MAX_COUNTERPARTIES,
  });
  await pause();
  const contra = contradictionReport(index);
  if (contra.summary.groups)
    reasons.push(
      `${contra.summary.groups} contested object(s): ${contra.summary.claims} owns/controls claims name different subjects for the same object`,
    );
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
    contradictions: input.include_contradictions ? contra.groups : [],
    contradiction_summary: contra.summary,
    confidence_matrix: matrix,
    truncated: g.truncated,
    review_state: reviewState(reasons),
    source_manifest: manifest,
    created_at: new Date().toISOString(),
  };
  await pause();
  // One JSON text bound as jsonb: Prisma's Json input path walks a 1,000-claim body (~1 MB) and
  // reads the row back, ~180 ms on the request's thread under PGlite; this is one stringify.
  await tx.$executeRaw`
    INSERT INTO attribution_graphs (id, org_id, env, matter_id, body)
    VALUES (${id}, ${ctx.org.id}, ${ctx.env}, ${m.id}, ${JSON.stringify(body)}::jsonb)`;
  await pause();
  await recordChange(ctx, tx, {
    event_type: 'attribution_graph.created',
    object_type: 'attribution_graph',
    object_id: id,
    matter_id: m.id,
    details: {
      nodes: g.nodes.length,
      edges: g.edges.length,
      claims: claims.length,
      contested_objects: contra.summary.groups,
    },
    // The event carries counts, not the drawing: its size stays the same whatever the claim
    // count (the claims, their matrix rows and the drawing are one GET away).
    data: eventData({
      ...body,
      nodes: undefined,
      edges: undefined,
      claims: undefined,
      confidence_matrix: undefined,
      node_count: g.nodes.length,
      edge_count: g.edges.length,
      claim_count: claims.length,
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
