import type { ReactNode } from 'react';
import { getQueryClient, trpc } from '@/trpc/server';
import { orNotFound } from '../../record-gate';

/** An alert of another environment, organization or matter is a plain 404 (checked here: record-gate.ts). */
export default async function AlertLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await orNotFound(() => getQueryClient().fetchQuery(trpc.monitoring.alert.queryOptions({ alert_id: id })));
  return children;
}
