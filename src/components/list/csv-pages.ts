/**
 * The whole filtered list for "Export CSV": pages through the list's own query (same filters,
 * same scoping, keyset cursors) up to a stated bound. Pure over a `fetchPage` function, so the
 * paging rules are unit-tested without a browser.
 */

/** At most this many rows go into one file; past it the file says so and the button too. */
export const CSV_MAX_ROWS = 10_000;
/** Rows asked per page: the largest page the API's lists allow. */
export const CSV_PAGE = 100;

export interface ListPage<T> {
  data: readonly T[];
  has_more: boolean;
}

export interface Collected<T> {
  rows: T[];
  /** More rows matched the filters than `max`: the file holds the first `max`. */
  truncated: boolean;
}

/**
 * Reads pages until the list ends or `max` rows are in hand. The cursor of the next page is
 * the id of the last row read (`starting_after`), as the list pages on screen. A page that
 * fails rejects the whole export: half a file presented as whole would mislead.
 */
export async function collectPages<T>(opts: {
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>;
  cursorOf: (row: T) => string;
  max?: number;
  onProgress?: (rowsSoFar: number) => void;
}): Promise<Collected<T>> {
  const max = opts.max ?? CSV_MAX_ROWS;
  const rows: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await opts.fetchPage(cursor);
    const room = max - rows.length;
    rows.push(...page.data.slice(0, room));
    opts.onProgress?.(rows.length);
    if (page.data.length > room || (rows.length >= max && page.has_more)) return { rows, truncated: true };
    if (!page.has_more || page.data.length === 0) return { rows, truncated: false };
    const next = opts.cursorOf(page.data[page.data.length - 1]);
    // A cursor that does not move would loop for ever; stop with what was read.
    if (next === cursor) return { rows, truncated: true };
    cursor = next;
  }
}

/** Distinct non-empty ids in chunks of at most `size` (the names lookup answers 200 per kind). */
export function idChunks(ids: readonly (string | null | undefined)[], size: number): string[][] {
  const uniq = [...new Set(ids.filter((x): x is string => !!x))].sort();
  const out: string[][] = [];
  for (let i = 0; i < uniq.length; i += size) out.push(uniq.slice(i, i + size));
  return out;
}

/** What the button says after an export (or while one runs). */
export function exportStatus(
  s:
    | { state: 'idle' }
    | { state: 'fetching'; rows: number }
    | { state: 'done'; rows: number; truncated: boolean; max: number }
    | { state: 'error'; message: string },
): string {
  switch (s.state) {
    case 'idle':
      return '';
    case 'fetching':
      return `Reading rows… ${s.rows.toLocaleString('en-US')} so far`;
    case 'done':
      return s.truncated
        ? `Exported ${s.rows.toLocaleString('en-US')} rows: the file was cut at ${s.max.toLocaleString('en-US')} rows; narrow the filters for the rest.`
        : `Exported ${s.rows.toLocaleString('en-US')} ${s.rows === 1 ? 'row' : 'rows'}.`;
    case 'error':
      return `Export failed: ${s.message}`;
  }
}
