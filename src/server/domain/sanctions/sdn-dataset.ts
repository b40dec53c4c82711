import recorded from '../../../../data/ofac-sdn/dataset.json';

/**
 * The shipped OFAC list files and their dates, as `npm run data:ofac` recorded them in
 * data/ofac-sdn/dataset.json (see PROVENANCE.md there). Each part has its own date: the SDN
 * names (sdn.csv), their aliases (alt.csv) and addresses (add.csv) come from one publication;
 * the consolidated non-SDN lists (cons_*.csv) from another copy.
 */
export type PartName = 'sdn' | 'alt' | 'add' | 'cons_prim' | 'cons_alt' | 'cons_add';

export interface DatasetPart {
  part: PartName;
  /** Path of the gzipped, normalized file, relative to the app root. */
  file: string;
  about: string;
  rows: number;
  /** The publication date of the copy; null when the file on disk is not the recorded copy. */
  as_of: string | null;
  /** SHA-256 of the normalized (uncompressed) text the loader checks. */
  sha256: string;
  source: string;
  input: { file: string; sha256: string };
}

export interface SdnDataset {
  /** Folder of the shipped files, relative to the app root. */
  name: string;
  /** The files the name screening reads, for a sentence: "sdn.csv, alt.csv". */
  file: string;
  /** Date of the name list (the oldest of its parts); null when a part is not the recorded copy,
   *  so no date can be claimed for it. */
  as_of: string | null;
  /** SHA-256 of the primary list (sdn.csv) as recorded. */
  sha256: string;
  /** What the name list lacks, said in every reliance on it; null for a complete list. */
  gaps: string | null;
  /** Every shipped part with its own date (what the answer cites). */
  parts: DatasetPart[];
}

const FOLDER = 'data/ofac-sdn';
type Recorded = { parts: Partial<Record<PartName, Omit<DatasetPart, 'part'>>> };

export const DATASET_PARTS: DatasetPart[] = Object.entries((recorded as Recorded).parts).map(([part, p]) => ({
  ...p!,
  part: part as PartName,
  file: `${FOLDER}/${p!.file}`,
}));

/** The parts a name screening reads: the SDN names and their aliases. */
export const NAME_PARTS: readonly PartName[] = ['sdn', 'alt'];

/** The name list's metadata for these parts (the shipped ones unless told). */
export function sdnDataset(parts: DatasetPart[] = DATASET_PARTS): SdnDataset {
  const names = parts.filter((p) => NAME_PARTS.includes(p.part));
  const sdn = names.find((p) => p.part === 'sdn');
  const dates = names.map((p) => p.as_of);
  return {
    name: FOLDER,
    file: names.map((p) => p.file.split('/').pop()!.replace(/\.gz$/, '')).join(', '),
    as_of: !sdn || dates.includes(null) ? null : (dates as string[]).sort()[0],
    sha256: sdn?.sha256 ?? '',
    gaps: names.some((p) => p.part === 'alt')
      ? null
      : "OFAC's alias file alt.csv is not shipped, so only the aliases quoted in the Remarks column are screened",
    parts,
  };
}

/** The shipped name list as recorded (data/ofac-sdn/dataset.json). */
export const SDN_DATASET: SdnDataset = sdnDataset();

/** "data/ofac-sdn/sdn.csv.gz (2025-11-19)" for each part the name screening read. */
export const namePartLabels = (d: SdnDataset) =>
  d.parts.filter((p) => NAME_PARTS.includes(p.part)).map((p) => `${p.file} (${p.as_of ?? 'date unknown'})`);
