/**
 * The format-neutral document every export renders to PDF: a cover, sections of text, field
 * lists and tables, the source manifest and the audit block. Each exportable object type
 * builds one from its (redacted) bundle; the PDF renderer knows nothing of packets or reports.
 */
export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'fields'; rows: [string, string][] }
  | { kind: 'table'; columns: string[]; widths: number[]; rows: string[][] };

export interface DocSection { title: string; blocks: Block[] }

export interface RenderDoc {
  title: string;
  subtitle: string;
  cover: [string, string][];
  sections: DocSection[];
}

/** Footer facts stamped on every page. */
export interface Stamp { exportId: string; bundleSha256: string }
