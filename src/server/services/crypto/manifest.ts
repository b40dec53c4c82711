import type { ChainSource } from '../chain/source';

export interface ManifestEntry {
  source: ChainSource['source'];
  network: string;
  block_number: number | null;
  as_of: string;
  datasets: string[];
  missing_source?: string;
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
