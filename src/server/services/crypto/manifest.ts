import type { ChainSource, HistoryCoverage } from '../chain/source';

export interface ManifestEntry {
  source: ChainSource['source'];
  network: string;
  block_number: number | null;
  as_of: string;
  datasets: string[];
  missing_source?: string;
  /** Blocks of the wallets' histories read (evm_rpc walks them in resumable runs). */
  history?: HistoryCoverage;
  /** What the source's histories cannot show. */
  notes?: string[];
}

/** One source-manifest entry per chain source an output read (API-CONTRACT §17). */
export async function manifestEntry(src: ChainSource, datasets: string[]): Promise<ManifestEntry> {
  const h = await src.head();
  return {
    source: src.source,
    network: src.network,
    block_number: h.block_number,
    as_of: h.as_of,
    datasets,
    ...(src.missing ? { missing_source: src.missing } : {}),
  };
}

/** `name (as_of)` strings of the datasets an output rests on. */
export const datasetNames = (...ds: { name: string; as_of: string | null }[]) =>
  ds.map((d) => `${d.name} (${d.as_of ?? 'undated'})`);

/**
 * After an output read histories from `src`: the block range covered goes into its manifest
 * entry, and the review reasons say what is missing: the source's standing caveats (internal
 * transfers) and, while a history is not read to the head yet, how far it got.
 */
export function noteHistory(entry: ManifestEntry | undefined, src: ChainSource): string[] {
  const cov = src.coverage?.() ?? null;
  if (!entry || (!cov && !src.notes?.length)) return [];
  if (cov) entry.history = cov;
  if (src.notes?.length) entry.notes = src.notes;
  const reasons = [...(src.notes ?? [])];
  if (cov && !cov.complete)
    reasons.push(
      `${src.network}: history read for blocks ${cov.from_block}–${cov.to_block} of ${cov.head_block} so far; build again to continue from block ${cov.to_block + 1}.`,
    );
  return reasons;
}
