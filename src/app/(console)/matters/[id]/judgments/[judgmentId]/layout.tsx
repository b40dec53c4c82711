import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getQueryClient, trpc } from '@/trpc/server';
import { requireConsoleUser } from '../../../../console-user';
import { orNotFound } from '../../../../record-gate';

/**
 * A judgment the user may not see, or one filed under another matter than the URL's, is a
 * plain 404 (checked here: record-gate.ts).
 */
export default async function JudgmentLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string; judgmentId: string }>;
}) {
  const me = await requireConsoleUser();
  const { id, judgmentId } = await params;
  if (!me.permissions['judgments:read']) notFound();
  const j = await orNotFound(() =>
    getQueryClient().fetchQuery(trpc.judgments.get.queryOptions({ judgment_id: judgmentId })),
  );
  if (j.matter_id !== id) notFound();
  return children;
}
