/**
 * CSV for the console's "Export CSV" buttons. Pure (no DOM), so the rules are unit-tested.
 *
 * - Formula injection (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts with
 *   `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so such a cell gets a leading
 *   single quote and is shown as text. Data here comes from users and counterparties (matter
 *   names, alert reasons, notes), so every cell is escaped, numbers included.
 * - Quoting (RFC 4180): a field holding a comma, a double quote, CR or LF is wrapped in double
 *   quotes, its quotes doubled; records end with CRLF.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

/** One cell: null and undefined are empty; the formula guard first, then RFC 4180 quoting. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the data rows as one CSV document (CRLF line ends, a final CRLF). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}

/** A file name for a list's export: `alerts-2026-11-28.csv` (the day in UTC, as the console shows times). */
export const csvFileName = (list: string, now: Date) => `${list}-${now.toISOString().slice(0, 10)}.csv`;
