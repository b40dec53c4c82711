'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input, Panel, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { useMatterRefresh } from './use-matter-refresh';
import { PANEL_ROWS } from './inputs';
import { ScrollX } from '@/components/list/scroll-x';

const ROLES = ['creditor', 'claimant', 'assignee', 'recovery_interest_holder'] as const;

/** Claimants of a matter with the add form (POST …/claimants). */
export function ClaimantsPanel({
  matterId,
  canWrite,
  writable,
}: {
  matterId: string;
  canWrite: boolean;
  writable: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const list = useQuery(trpc.matters.claimants.list.queryOptions({ matter_id: matterId, limit: PANEL_ROWS }));
  const [f, setF] = useState({ name: '', role: 'creditor' });
  const add = useMutation(
    trpc.matters.claimants.create.mutationOptions({
      onSuccess: async () => {
        setF({ name: '', role: 'creditor' });
        await refresh();
      },
    }),
  );
  const err = apiError(add.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate({ matter_id: matterId, name: f.name, role: f.role as (typeof ROLES)[number] });
  }
  const rows = list.data?.data ?? [];
  return (
    <Panel id="claimants" title={`Claimants (${rows.length}${list.data?.has_more ? '+' : ''})`}>
      <ErrorNote error={apiError(list.error)} />
      {rows.length > 0 ? (
        <ScrollX label="Claimants">
          <table className="mb-3 w-full border-collapse text-sm">
            <caption className="sr-only">Claimants</caption>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Role</Th>
                <Th>Review</Th>
                <Th>Added</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.claimant_id}>
                  <Td>{c.name}</Td>
                  <Td>{humanize(c.role)}</Td>
                  <Td>{humanize((c.review_state as { review_status?: string }).review_status)}</Td>
                  <Td className="whitespace-nowrap">{formatTime(c.created_at)}</Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      ) : (
        list.data && <p className="mb-3 text-sm text-slate-700">No claimants yet.</p>
      )}
      {canWrite && writable && (
        <form
          onSubmit={submit}
          aria-label="Add claimant"
          className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
          noValidate
        >
          <Field
            id="claimant-name"
            label="Claimant name (required)"
            error={err?.param === 'name' ? err.message : null}
            className="min-w-48 flex-1"
          >
            <Input id="claimant-name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
          </Field>
          <Field id="claimant-role" label="Role">
            <Select id="claimant-role" value={f.role} onChange={(e) => setF({ ...f, role: e.target.value })}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {humanize(r)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add claimant'}
          </Button>
          {err && err.param !== 'name' && <ErrorNote error={err} />}
        </form>
      )}
    </Panel>
  );
}
