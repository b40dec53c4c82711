import type { ReactNode } from 'react';
import { getQueryClient, trpc } from '@/trpc/server';
import { orNotFound } from '../../../record-gate';

/** Without the crypto read permission the matter's Crypto page is a plain 404 (checked here: record-gate.ts). */
export default async function CryptoLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await orNotFound(
    () => getQueryClient().fetchQuery(trpc.crypto.overview.queryOptions({ matter_id: id })),
    ['NOT_FOUND', 'FORBIDDEN'],
  );
  return children;
}
