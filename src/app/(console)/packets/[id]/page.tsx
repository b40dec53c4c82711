import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { getQueryClient, HydrateClient, trpc } from '@/trpc/server';
import { PacketView } from '@/components/packets/packet-view';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Packet · Console' };

/** One packet for review. A packet of another environment, organization or matter is a plain 404. */
export default async function PacketPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireConsoleUser();
  const { id } = await params;
  try {
    await getQueryClient().fetchQuery(trpc.packets.get.queryOptions({ packet_id: id }));
  } catch (e) {
    if (e instanceof TRPCError && e.code === 'NOT_FOUND') notFound();
    throw e;
  }
  return (
    <HydrateClient>
      <PacketView
        packetId={id}
        perms={{
          write: me.permissions['packets:write'],
          approve: me.permissions['packets:approve'],
          export: me.permissions['packets:export'],
        }}
      />
    </HydrateClient>
  );
}
