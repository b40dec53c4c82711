'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';

/**
 * A client list's filters kept in the URL's query: a filtered list can be bookmarked, shared and
 * reloaded, and Back undoes a filter change. `get` accepts only the offered values, so a
 * hand-edited URL shows the unfiltered list rather than an error.
 */
export function useUrlFilters() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return {
    get<T extends string>(key: string, options: readonly T[]): T | '' {
      const v = params.get(key);
      return v && (options as readonly string[]).includes(v) ? (v as T) : '';
    },
    set(key: string, value: string) {
      const next = new URLSearchParams(params.toString());
      if (value) next.set(key, value);
      else next.delete(key);
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
  };
}
