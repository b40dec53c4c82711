import type { ReactNode } from 'react';
import { getQueryClient, trpc } from '@/trpc/server';
import { firstQuery, NoAccess } from '../refusal';

/**
 * An endpoint of another environment or organization, or a deleted one, is a plain 404, and a
 * user without access sees the refusal instead of the page (checked here: ../../record-gate.ts).
 */
export default async function WebhookEndpointLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const refusal = await firstQuery(() =>
    getQueryClient().fetchQuery(trpc.webhooks.get.queryOptions({ webhook_endpoint_id: id })),
  );
  if (refusal) return <NoAccess refusal={refusal} />;
  return children;
}
