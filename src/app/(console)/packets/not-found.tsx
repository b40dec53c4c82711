import { NotFoundNote } from '@/components/shell/not-found-note';

export default function PacketNotFound() {
  return (
    <NotFoundNote
      title="Packet not found"
      detail="There is no such packet in this environment, or it belongs to a matter you cannot see."
      back={{ href: '/packets', label: 'Back to packets' }}
    />
  );
}
