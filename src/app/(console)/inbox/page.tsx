import { HydrateClient, prefetch, trpc } from '@/trpc/server';
import { MyInbox } from '@/components/inbox/my-inbox';
import { requireConsoleUser } from '../console-user';

export const metadata = { title: 'Inbox · Console' };

/** What needs the signed-in user: their open actions, packets in review, new critical alerts. */
export default async function InboxPage() {
  const me = await requireConsoleUser();
  await prefetch(trpc.search.inbox.queryOptions());
  return (
    <HydrateClient>
      <MyInbox environment={me.environment} />
    </HydrateClient>
  );
}
