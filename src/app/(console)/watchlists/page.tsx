import { HydrateClient } from '@/trpc/server';
import { WatchlistsPage } from '@/components/monitoring/watchlists-page';
import { requireConsoleUser } from '../console-user';

export const metadata = { title: 'Watchlists · Console' };

/** Watchlists and a form to create one. */
export default async function Watchlists() {
  const me = await requireConsoleUser();
  return (
    <HydrateClient>
      <WatchlistsPage environment={me.environment} canWrite={me.permissions['monitoring:write']} />
    </HydrateClient>
  );
}
