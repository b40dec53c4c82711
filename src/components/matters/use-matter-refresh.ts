'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/trpc/react';

/** After a write on a matter: refetch its figures, lists, judgments, ledger and audit trail. */
export function useMatterRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.matters.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.judgments.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.ledger.pathKey() }),
    ]);
}
