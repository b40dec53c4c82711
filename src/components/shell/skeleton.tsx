/**
 * Placeholders in the shape of a console page (title, filter row, table rows) shown while the
 * page's server part renders. Grey blocks, no text: screen readers hear the status line only.
 */
export function PageSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="page-skeleton" className="flex flex-col gap-3">
      <span className="sr-only">Loading…</span>
      <div aria-hidden className="h-6 w-48 max-w-full animate-pulse rounded bg-slate-200" />
      <div aria-hidden className="h-4 w-96 max-w-full animate-pulse rounded bg-slate-200" />
      <div aria-hidden className="flex flex-wrap gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-8 w-40 animate-pulse rounded bg-slate-200" />
        ))}
      </div>
      <div aria-hidden className="flex flex-col gap-1 rounded border border-slate-300 bg-white p-2">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="h-6 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

/** The rows of a table that is (re)loading: kept in the table so its header and width stay put. */
export function LoadingRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} aria-hidden data-testid="loading-row">
          <td colSpan={columns} className="border-b border-slate-200 px-2 py-1.5">
            <div className="h-4 animate-pulse rounded bg-slate-100" />
          </td>
        </tr>
      ))}
    </>
  );
}
