'use client';

import { useQuery } from '@tanstack/react-query';
import Form from 'next/form';
import Link from 'next/link';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Input, Select, Td, Th, toneOf } from '../ui';
import { formatTime, humanize } from '../format';
import { MATTER_STATUSES as STATUSES, mattersListInput, type MattersSearch } from './inputs';

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
  const hasMore = list.data?.has_more ?? false;
  // Keyset paging reads newest first: "older" continues after the last row, "newer" before the first.
  const older =
    rows.length && (search.ending_before ? true : hasMore)
      ? pageHref(search, { starting_after: rows[rows.length - 1].matter_id })
      : null;
  const newer =
    rows.length && (search.ending_before ? hasMore : !!search.starting_after)
      ? pageHref(search, { ending_before: rows[0].matter_id })
      : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold">
          Matters <span className="text-sm font-normal text-slate-600">({environment})</span>
        </h1>
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
        <div className="flex flex-col gap-0.5">
          <label htmlFor="matter-search" className="text-xs font-medium text-slate-700">
            Name contains
          </label>
          <Input
            id="matter-search"
            name="name"
            defaultValue={search.name ?? ''}
            placeholder="e.g. Acme"
            className="w-64"
          />
        </div>
        <div className="flex flex-col gap-0.5">
          <label htmlFor="matter-status" className="text-xs font-medium text-slate-700">
            Status
          </label>
          <Select id="matter-status" name="status" defaultValue={search.status ?? ''} className="w-36">
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {(search.name || search.status) && (
          <Link href="/matters" className="px-1 py-1 text-sm text-blue-800 underline">
            Clear
          </Link>
        )}
      </Form>
      <ErrorNote error={apiError(list.error)} />
      <div className="overflow-x-auto rounded border border-slate-300 bg-white">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Matters</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Name</Th>
              <Th>Mode</Th>
              <Th>Status</Th>
              <Th>Authority</Th>
              <Th>Lead counsel</Th>
              <Th>Created</Th>
              <Th>ID</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.matter_id} className="hover:bg-slate-50">
                <Td>
                  <Link
                    href={`/matters/${m.matter_id}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {m.name}
                  </Link>
                </Td>
                <Td>{humanize(m.mode)}</Td>
                <Td>
                  <Badge tone={toneOf(m.status)}>{humanize(m.status)}</Badge>
                </Td>
                <Td>
                  <Badge tone={toneOf(m.authority_status)}>{humanize(m.authority_status)}</Badge>
                </Td>
                <Td>{m.lead_counsel ?? '—'}</Td>
                <Td className="whitespace-nowrap">{formatTime(m.created_at)}</Td>
                <Td>
                  <span className="font-mono text-xs text-slate-700">{m.matter_id}</span>
                </Td>
              </tr>
            ))}
            {!rows.length && !list.isLoading && (
              <tr>
                <Td colSpan={7} className="py-6 text-center text-slate-600">
                  <span>No matters{search.name || search.status ? ' match these filters' : ' yet'}.</span>
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex gap-2 text-sm">
        {newer && (
          <Link
            href={newer}
            className="rounded border border-slate-300 bg-white px-2 py-1 text-blue-800 hover:bg-slate-100"
          >
            ← Newer
          </Link>
        )}
        {older && (
          <Link
            href={older}
            className="rounded border border-slate-300 bg-white px-2 py-1 text-blue-800 hover:bg-slate-100"
          >
            Older →
          </Link>
        )}
      </nav>
    </div>
  );
}
