import Link from 'next/link';

export default function MatterNotFound() {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-lg font-semibold">Matter not found</h1>
      <p className="text-sm text-slate-700">
        There is no such matter in this environment, or you do not have access to it.
      </p>
      <p>
        <Link href="/matters" className="text-sm text-blue-800 underline">
          Back to matters
        </Link>
      </p>
    </div>
  );
}
