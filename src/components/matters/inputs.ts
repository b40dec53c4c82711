/**
 * Query inputs shared by server pages (prefetch) and client components (read): both must build
 * the very same input, or the prefetched data would sit under another cache key.
 */
export interface MattersSearch {
  name?: string;
  status?: string;
  starting_after?: string;
  ending_before?: string;
}

export const MATTER_STATUSES = ['open', 'on_hold', 'closed'] as const;
const PAGE_SIZE = 25;
/** Events per page of the matter's audit trail on the matter screen. */
export const AUDIT_PAGE = 15;
/** Grants and claimants shown on the matter screen. */
export const PANEL_ROWS = 50;

/** The listMatters query for a search (empty filters are left out, as a REST client would). */
export function mattersListInput(s: MattersSearch) {
  return {
    limit: PAGE_SIZE,
    ...(s.name?.trim() ? { name: s.name.trim().slice(0, 200) } : {}),
    ...(s.status && (MATTER_STATUSES as readonly string[]).includes(s.status)
      ? { status: s.status as (typeof MATTER_STATUSES)[number] }
      : {}),
    ...(s.starting_after
      ? { starting_after: s.starting_after }
      : s.ending_before
        ? { ending_before: s.ending_before }
        : {}),
  };
}
