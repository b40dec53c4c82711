import type { ReactNode } from 'react';
import { getQueryClient, trpc } from '@/trpc/server';
import { orNotFound } from '../../record-gate';

/**
 * A matter the user may not see (other environment, organization or matter permission) is a
 * plain 404 on every page of the matter (checked here: record-gate.ts). No `loading.tsx` sits at
 * this level: it would wrap the judgment segment's own check below.
 */
export default async function MatterLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await orNotFound(() => getQueryClient().fetchQuery(trpc.matters.get.queryOptions({ matter_id: id })));
  return children;
}
