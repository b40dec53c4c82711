import Link from 'next/link';
import { serverCaller } from '@/trpc/server';
import { RelationshipTable } from '@/components/relationships/relationship-table';
import { firstQuery, NoRegistryAccess } from '../refusal';
import { RelationshipsCsv } from '@/components/relationships/relationships-csv';

export const metadata = { title: 'Relationships · Console' };

/** The environment's relationship registry: counterparties and their channels, newest first. */
export default async function RelationshipsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = await searchParams;
  const after = typeof raw.starting_after === 'string' ? raw.starting_after : undefined;
  const r = await firstQuery(async () =>
    (await serverCaller()).relationships.list({ limit: 50, ...(after ? { starting_after: after } : {}) }),
  );
  if ('refusal' in r) return <NoRegistryAccess refusal={r.refusal} />;
  const page = r.value;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Relationships</h1>
        <RelationshipsCsv />
      </div>
      <div className="rounded border border-slate-300 bg-white">
        <RelationshipTable rows={page.data} showCounterparty />
      </div>
      {page.has_more && page.data.length > 0 && (
        <Link
          href={`/relationships?starting_after=${page.data[page.data.length - 1].relationship_id}`}
          className="text-sm text-blue-800 underline"
        >
          Older →
        </Link>
      )}
    </div>
  );
}
