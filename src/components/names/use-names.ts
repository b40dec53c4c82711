'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/trpc/react';
import type { NameRequest } from '@/server/services/names/names';

const uniq = (ids: (string | null | undefined)[] | undefined) =>
  [...new Set((ids ?? []).filter((x): x is string => !!x))].sort();

/**
 * The names of the ids one page shows: one call per page (the service reads each kind in one
 * query). Ids are de-duplicated and sorted, so the same page asks under the same cache key.
 * Until the names arrive, and for an id the caller may not name, the lookups return undefined
 * and the page shows the id.
 */
export function useNames(req: { [K in keyof NameRequest]?: (string | null | undefined)[] }) {
  const trpc = useTRPC();
  const input = {
    matter_ids: uniq(req.matter_ids),
    user_ids: uniq(req.user_ids),
    packet_ids: uniq(req.packet_ids),
    key_ids: uniq(req.key_ids),
  };
  const any = Object.values(input).some((v) => v.length > 0);
  const q = useQuery({ ...trpc.names.lookup.queryOptions(input), enabled: any, staleTime: 60_000 });
  const d = q.data;
  return {
    matter: (id: string | null | undefined) => (id ? d?.matters[id]?.name : undefined),
    user: (id: string | null | undefined) => (id ? d?.users[id]?.name : undefined),
    key: (id: string | null | undefined) => (id ? d?.keys[id]?.name : undefined),
    packet: (id: string | null | undefined) => (id ? d?.packets[id] : undefined),
  };
}

export type NameLookup = ReturnType<typeof useNames>;
