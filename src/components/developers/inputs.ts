/**
 * Query inputs shared by the API keys page (server prefetch) and its client components: both
 * must build the very same input, or the prefetched data would sit under another cache key.
 */
export const KEY_PAGE = 50;

export const keysInput = (orgId: string) => ({ organization_id: orgId, limit: KEY_PAGE });
/** Matter names for the key form and the list (a key names at most its matters' ids). */
export const mattersInput = () => ({ limit: 100 });

/** `datetime-local` value (the browser's local time) → ISO instant, or null when empty. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The users page's list (server prefetch and client): one page of up to 100 users. */
export const usersInput = (orgId: string) => ({ organization_id: orgId, limit: 100 });

/** Developers → Logs: one page of requests (newest first) with the filters applied, and of events. */
export const LOG_PAGE = 50;
export interface LogFilters {
  status_class?: string;
  method?: string;
  path_prefix?: string;
  key_id?: string;
}
export const requestsInput = (filters: LogFilters = {}, cursor: string | null = null) => ({
  limit: LOG_PAGE,
  ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
  ...(cursor ? { starting_after: cursor } : {}),
});
export const eventsInput = () => ({ limit: 25 });
