import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { getQueryClient, HydrateClient, prefetch, trpc } from '@/trpc/server';
import { JudgmentView } from '@/components/judgments/judgment-view';
import { deadlinesInput } from '@/components/judgments/inputs';
import { requireConsoleUser } from '../../../../console-user';

export const metadata = { title: 'Judgment · Console' };

/**
 * One judgment of a matter: validation gates, deadline timeline, enforcement profile and plan.
 * A judgment the user may not see, or one filed under another matter than the URL's, is a 404.
 */
export default async function JudgmentPage({ params }: { params: Promise<{ id: string; judgmentId: string }> }) {
  const me = await requireConsoleUser();
  const { id, judgmentId } = await params;
  if (!me.permissions['judgments:read']) notFound();
  let matterId: string;
  try {
    matterId = (await getQueryClient().fetchQuery(trpc.judgments.get.queryOptions({ judgment_id: judgmentId })))
      .matter_id;
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'NOT_FOUND') notFound();
    throw e;
  }
  if (matterId !== id) notFound();
  await prefetch(trpc.judgments.deadlines.queryOptions(deadlinesInput(judgmentId)));
  return (
    <HydrateClient>
      <JudgmentView judgmentId={judgmentId} me={me} today={new Date().toISOString().slice(0, 10)} />
    </HydrateClient>
  );
}
