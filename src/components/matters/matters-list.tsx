'use client';

import { useQuery } from '@tanstack/react-query';
import Form from 'next/form';
import Link from 'next/link';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Field, Input, PageTitle, Td, toneOf } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { FilterButtons, FilterSelect } from '../list/filters';
import { Pager } from '../list/pager';
import { RowLink } from '../list/row-links';
import { MATTER_STATUSES as STATUSES, mattersListInput, type MattersSearch } from './inputs';
import { PauseSection } from '../sanctions/pause-banner';
import { CopyId } from '../names/names';
import { LeadCounsel } from '../names/lead-counsel';
import { useNames } from '../names/use-names';
import { CSV_PAGE } from '../list/csv-pages';

function pageHref(s: MattersSearch, cursor: { starting_after?: string; ending_before?: string }) {
  const q = new URLSearchParams();
  if (s.name) q.set('name', s.name);
  if (s.status) q.set('status', s.status);
  for (const [k, v] of Object.entries(cursor)) if (v) q.set(k, v);
  return `/matters?${q}`;
}

export function MattersList({
  search,
  canCreate,
  environment,
}: {
  search: MattersSearch;
  canCreate: boolean;
  environment: string;
}) {
  const trpc = useTRPC();
  const list = useQuery(trpc.matters.list.queryOptions(mattersListInput(search)));
  const rows = list.data?.data ?? [];
  const names = useNames({ user_ids: rows.map((m) => m.lead_counsel) });
  const hasMore = list.data?.has_more ?? false;
  const paused = rows.filter((m) => m.collection_paused);
  const filtered = !!(search.name || search.status);
  // Keyset paging reads newest first: "older" continues after the last row, "newer" before the first.
  const older =
    rows.length && (search.ending_before ? true : hasMore)
      ? { href: pageHref(search, { starting_after: rows[rows.length - 1].matter_id }), label: 'Older' }
      : null;
  const newer =
    rows.length && (search.ending_before ? hasMore : !!search.starting_after)
      ? { href: pageHref(search, { ending_before: rows[0].matter_id }), label: 'Newer' }
      : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <PageTitle title="Matters" environment={environment} />
        {canCreate && (
          <Link
            href="/matters/new"
            className="rounded bg-blue-700 px-2.5 py-1 text-sm font-medium text-white hover:bg-blue-800"
          >
            New matter
          </Link>
        )}
      </div>
      <Form
        key={JSON.stringify(search)}
        action="/matters"
        role="search"
        aria-label="Filter matters"
        className="flex flex-wrap items-end gap-2"
      >
        <Field id="matter-search" label="Name contains">
          <Input
            id="matter-search"
            name="name"
            defaultValue={search.name ?? ''}
            placeholder="e.g. Acme"
            className="w-64"
          />
        </Field>
        <FilterSelect
          id="matter-status"
          label="Status"
          all="Any status"
          options={STATUSES}
          name="status"
          defaultValue={search.status ?? ''}
          className="w-36"
        />
        <FilterButtons clearHref={filtered ? '/matters' : null} />
      </Form>
      <ErrorNote error={apiError(list.error)} />
      {paused.length > 0 && (
        <PauseSection>
          <p className="font-semibold">
            Collection paused (sanctions) on {paused.length} matter{paused.length === 1 ? '' : 's'} of this page:{' '}
            {paused.map((m, i) => (
              <span key={m.matter_id}>
                {i ? ', ' : ''}
                <Link href={`/matters/${m.matter_id}`} className="text-blue-800 underline">
                  {m.name}
                </Link>
              </span>
            ))}
          </p>
          <p className="mt-0.5">
            Turnover, remittance, burn/reissue and issuer freeze need an OFAC specific license (31 CFR 501.801);
            restraint and preservation stay available.
          </p>
        </PauseSection>
      )}
      <DataTable
        caption="Matters"
        csv={{
          list: 'matters',
          header: ['Matter ID', 'Name', 'Mode', 'Status', 'Collection paused', 'Authority', 'Lead counsel', 'Created'],
          source: {
            fetchPage: (client, cursor) =>
              client.matters.list.query({
                ...mattersListInput({ ...search, starting_after: undefined, ending_before: undefined }),
                limit: CSV_PAGE,
                starting_after: cursor,
              }),
            cursorOf: (m) => m.matter_id,
            names: (m) => ({ user_ids: [m.lead_counsel] }),
            toRow: (m, n) => [
              m.matter_id,
              m.name,
              m.mode,
              m.status,
              m.collection_paused ? 'yes' : 'no',
              m.authority_status,
              m.lead_counsel ? (n.user(m.lead_counsel) ?? m.lead_counsel) : '',
              m.created_at,
            ],
          },
        }}
        columns={['Name', 'Mode', 'Status', 'Collection', 'Authority', 'Lead counsel', 'Created', 'ID']}
        empty={!rows.length && !list.isLoading && <span>No matters{filtered ? ' match these filters' : ' yet'}.</span>}
      >
        {rows.map((m) => (
          <tr key={m.matter_id} className="hover:bg-slate-50">
            <Td>
              <RowLink href={`/matters/${m.matter_id}`}>{m.name}</RowLink>
            </Td>
            <Td>{humanize(m.mode)}</Td>
            <Td>
              <Badge tone={toneOf(m.status)}>{humanize(m.status)}</Badge>
            </Td>
            <Td>
              {m.collection_paused ? (
                <span title={m.collection_paused.reason}>
                  <Badge tone="red">Paused</Badge>
                </span>
              ) : (
                '—'
              )}
            </Td>
            <Td>
              <Badge tone={toneOf(m.authority_status)}>{humanize(m.authority_status)}</Badge>
            </Td>
            <Td>
              <LeadCounsel value={m.lead_counsel} names={names} />
            </Td>
            <Td className="whitespace-nowrap">{formatTime(m.created_at)}</Td>
            <Td>
              <CopyId id={m.matter_id} />
            </Td>
          </tr>
        ))}
      </DataTable>
      <Pager back={newer} next={older} />
    </div>
  );
}
