import { HydrateClient, prefetch, trpc } from '@/trpc/server';
import { MattersList } from '@/components/matters/matters-list';
import { mattersListInput, type MattersSearch } from '@/components/matters/inputs';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'Matters · Console' };

/** Matters visible to the user in the selected environment: search, status filter, keyset paging. */
export default async function MattersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireConsoleUser();
  const raw = await searchParams;
  const one = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : undefined);
  const search: MattersSearch = {
    name: one('name'),
    status: one('status'),
    starting_after: one('starting_after'),
    ending_before: one('ending_before'),
  };
  await prefetch(trpc.matters.list.queryOptions(mattersListInput(search)));
  return (
    <HydrateClient>
      <MattersList
        search={search}
        canCreate={me.permissions['matters:write'] && me.matter_ids === null}
        environment={me.environment}
      />
    </HydrateClient>
  );
}
