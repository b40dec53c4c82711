import type { ReactNode } from 'react';
import { Td, Th } from '../ui';
import { CsvButton, type CsvSource } from './csv-download';
import { ScrollX } from './scroll-x';

/**
 * The console's list table: a bordered, scrollable table with a caption for screen readers (its
 * accessible name, which the e2e tests look tables up by), one header row, the caller's rows,
 * and a single full-width row saying the list is empty.
 */
export function DataTable<T = never>({
  caption,
  columns,
  empty,
  testId,
  busy,
  csv,
  children,
}: {
  caption: string;
  /** Header cells, in order; their count is also the empty row's span. */
  columns: readonly ReactNode[];
  /** Shown as the only row when truthy; the caller decides when (after loading, with no rows). */
  empty?: ReactNode;
  testId?: string;
  /** True while the rows are (re)loading: announced, and the table is marked busy. */
  busy?: boolean;
  /** "Export CSV" above the table: the file's stem, its header and where the whole filtered list is read. */
  csv?: { list: string; header: readonly string[]; source: CsvSource<T> };
  children: ReactNode;
}) {
  const table = (
    // The table scrolls inside its own frame: a wide table never widens the page (ScrollX says why).
    <ScrollX label={caption} className="rounded border border-slate-300 bg-white">
      <table className="w-full border-collapse text-sm" data-testid={testId} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            {columns.map((c, i) => (
              // The header is fixed for the table's life, so its position is a stable key.
              <Th key={i}>{c}</Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {children}
          {empty ? (
            <tr>
              <Td colSpan={columns.length} className="py-6 text-center text-slate-600">
                {empty}
              </Td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </ScrollX>
  );
  if (!csv) return table;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-end">
        <CsvButton list={csv.list} header={csv.header} source={csv.source} />
      </div>
      {table}
    </div>
  );
}
