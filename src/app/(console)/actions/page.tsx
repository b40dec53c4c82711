import { HydrateClient, prefetch, trpc } from '@/trpc/server';
import { ActionQueue } from '@/components/actions/action-queue';
import { queueInput, type QueueSearch } from '@/components/actions/inputs';
import { requireConsoleUser } from '../console-user';

export const metadata = { title: 'Actions · Console' };

/** The action queue: my queue or the team's, by due date, with filters, assignment and completion. */
export default async function ActionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireConsoleUser();
  const raw = await searchParams;
  const one = (k: string) => (typeof raw[k] === 'string' && raw[k] ? (raw[k] as string) : undefined);
  const search: QueueSearch = {
    queue: one('queue') === 'team' ? 'team' : 'mine',
    status: one('status'),
    matter_id: one('matter_id'),
    campaign_id: one('campaign_id'),
    due_before: one('due_before'),
    starting_after: one('starting_after'),
  };
  await prefetch(trpc.actions.list.queryOptions(queueInput(search, me.user.id)));
  return (
    <HydrateClient>
      <ActionQueue search={search} me={me.user.id} canWrite={me.permissions['actions:write']} />
    </HydrateClient>
  );
}
