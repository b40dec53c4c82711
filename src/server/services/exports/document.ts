/**
 * The format-neutral document every export renders to PDF: a heading, sections of text, field
 * lists and tables that flow one after the other, and appendix sections that start a page.
 * Each exportable object type builds one from its (redacted) bundle; the PDF renderer knows
 * nothing of packets or reports.
 */
export type Block =
  | { kind: 'text'; text: string; bold?: boolean; size?: number; align?: 'left' | 'right' }
  | { kind: 'fields'; rows: [string, string][] }
  | { kind: 'table'; columns: string[]; widths: number[]; rows: string[][] }
  | { kind: 'chart'; title: string; unit: string; x: string[]; series: ChartSeries[] }
  /** Lines kept on one page (a signature block, an address). */
  | { kind: 'lines'; lines: string[]; gapBefore?: number };

/** A line of a chart: one value per x label (the PDF draws it with vector paths). */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

export interface DocSection {
  /** Empty: the blocks continue the text before them with no heading. */
  title: string;
  blocks: Block[];
  /** Starts on a new page (an appendix); every other section flows on from the one before. */
  newPage?: boolean;
}

export interface RenderDoc {
  title: string;
  subtitle: string;
  /** Facts under the title on the first page (not a page of their own). */
  cover: [string, string][];
  sections: DocSection[];
  /**
   * The footer names the export by its id only for internal readers (the `none` profile);
   * every reader gets the bundle's SHA-256, which identifies the export as well.
   */
  showExportId?: boolean;
}

/** Footer facts stamped on every page. */
export interface Stamp {
  exportId: string;
  bundleSha256: string;
}
