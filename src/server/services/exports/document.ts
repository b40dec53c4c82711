/**
 * The format-neutral document every export renders to PDF: a cover, sections of text, field
 * lists and tables, the source manifest and the audit block. Each exportable object type
 * builds one from its (redacted) bundle; the PDF renderer knows nothing of packets or reports.
 */
export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'fields'; rows: [string, string][] }
  | { kind: 'table'; columns: string[]; widths: number[]; rows: string[][] }
  | { kind: 'chart'; title: string; unit: string; x: string[]; series: ChartSeries[] };

/** A line of a chart: one value per x label (the PDF draws it with vector paths). */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

export interface DocSection {
  title: string;
  blocks: Block[];
}

export interface RenderDoc {
  title: string;
  subtitle: string;
  cover: [string, string][];
  sections: DocSection[];
}

/** Footer facts stamped on every page. */
export interface Stamp {
  exportId: string;
  bundleSha256: string;
}
