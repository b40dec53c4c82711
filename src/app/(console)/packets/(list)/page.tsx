import { HydrateClient } from '@/trpc/server';
import { PacketsQueue } from '@/components/packets/packets-queue';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Packets · Console' };

/** Counsel's review queue: packets awaiting review first, filtered by status and type. */
export default async function PacketsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireConsoleUser();
  const { matter_id } = await searchParams;
  return (
    <HydrateClient>
      <PacketsQueue
        environment={me.environment}
        matterId={typeof matter_id === 'string' && matter_id ? matter_id : undefined}
      />
    </HydrateClient>
  );
}
