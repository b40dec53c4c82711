import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { AlertView } from '@/components/monitoring/alert-view';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Alert · Console' };

/** One alert with its evidence and triage. An alert of another environment, organization or matter is a plain 404. */
export default async function AlertPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireConsoleUser();
  const { id } = await params;
  try {
    await getQueryClient().fetchQuery(trpc.monitoring.alert.queryOptions({ alert_id: id }));
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'NOT_FOUND') notFound();
    throw e;
  }
  return (
    <HydrateClient>
      <AlertView alertId={id} canWrite={me.permissions['monitoring:write']} />
    </HydrateClient>
  );
}
