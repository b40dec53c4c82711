import { HydrateClient } from '@/trpc/server';
import { PacketsQueue } from '@/components/packets/packets-queue';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Packets · Console' };

/** Counsel's review queue: packets awaiting review first, filtered by status and type. */
export default async function PacketsPage() {
  const me = await requireConsoleUser();
  return (
    <HydrateClient>
      <PacketsQueue environment={me.environment} />
    </HydrateClient>
  );
}
