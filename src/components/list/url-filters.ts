'use client';

import { useSearchParams } from 'next/navigation';

/**
 * A client list's filters kept in the URL's query: a filtered list can be bookmarked, shared and
 * reloaded. `get` accepts only the offered values, so a hand-edited URL shows the unfiltered list
 * rather than an error.
 *
 * A change goes through `history.replaceState`, which Next.js mirrors into `useSearchParams`, not
 * through the router: the lists fetch their own rows, so a server round trip would only re-render
 * the page shell, and while it streamed the document briefly had no <title>.
 */
export function useUrlFilters() {
  const params = useSearchParams();
  return {
    get<T extends string>(key: string, options: readonly T[]): T | '' {
      const v = params.get(key);
      return v && (options as readonly string[]).includes(v) ? (v as T) : '';
    },
    /** A free-form value such as an id; the list's query validates it. */
    value(key: string): string | undefined {
      return params.get(key) || undefined;
    },
    set(key: string, value: string) {
      const next = new URLSearchParams(params.toString());
      if (value) next.set(key, value);
      else next.delete(key);
      const qs = next.toString();
      window.history.replaceState(null, '', qs ? `${window.location.pathname}?${qs}` : window.location.pathname);
    },
  };
}
