'use client';

import { Button } from '../ui';
import { csvFileName, toCsv, type CsvCell } from './csv';

/**
 * "Export CSV" for a console list: the rows on screen (the current filters and page) as a
 * file, built in the browser. The byte-order mark makes spreadsheet programs read UTF-8.
 */
export function CsvButton({
  list,
  header,
  rows,
}: {
  /** The file name's stem, e.g. `alerts`. */
  list: string;
  header: readonly string[];
  /** The rows, or a function giving them when clicked (a server page passes the array). */
  rows: readonly (readonly CsvCell[])[] | (() => readonly (readonly CsvCell[])[]);
}) {
  return (
    <Button
      type="button"
      variant="secondary"
      data-testid="export-csv"
      onClick={() => {
        const blob = new Blob(['\uFEFF', toCsv(header, typeof rows === 'function' ? rows() : rows)], {
          type: 'text/csv;charset=utf-8',
        });
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = csvFileName(list, new Date());
        document.body.append(a);
        a.click();
        a.remove();
        URL.revokeObjectURL(url);
      }}
    >
      Export CSV
    </Button>
  );
}
