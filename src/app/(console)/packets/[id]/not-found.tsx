import Link from 'next/link';

export default function PacketNotFound() {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-lg font-semibold">Packet not found</h1>
      <p className="text-sm text-slate-700">
        There is no such packet in this environment, or it belongs to a matter you cannot see.
      </p>
      <p>
        <Link href="/packets" className="text-sm text-blue-800 underline">
          Back to packets
        </Link>
      </p>
    </div>
  );
}
