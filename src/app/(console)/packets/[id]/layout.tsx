import type { ReactNode } from 'react';
import { getQueryClient, trpc } from '@/trpc/server';
import { orNotFound } from '../../record-gate';

/** A packet of another environment, organization or matter is a plain 404 (checked here: record-gate.ts). */
export default async function PacketLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await orNotFound(() => getQueryClient().fetchQuery(trpc.packets.get.queryOptions({ packet_id: id })));
  return children;
}
