'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Panel, Select, Td, Th, toneOf } from '../ui';
import { formatTime, humanize } from '../format';
import { useMatterRefresh } from './use-matter-refresh';
import { PANEL_ROWS } from './inputs';
import { ScrollX } from '@/components/list/scroll-x';

const BASES = [
  'engagement_letter',
  'assignment',
  'court_order',
  'power_of_attorney',
  'receivership',
  'statutory',
] as const;
const SOURCE_TYPES = [
  'engagement_letter',
  'assignment',
  'court_order',
  'power_of_attorney',
  'judgment',
  'docket',
  'writ',
  'affidavit',
  'declaration',
  'correspondence',
  'public_record',
  'other',
] as const;

/** Authority status and grants of a matter, with the grant form (POST …/authority) and revoke. */
export function AuthorityPanel({
  matterId,
  status,
  canWrite,
  writable,
}: {
  matterId: string;
  status: string;
  canWrite: boolean;
  writable: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const grants = useQuery(trpc.matters.authority.list.queryOptions({ matter_id: matterId, limit: PANEL_ROWS }));
  const revoke = useMutation(trpc.matters.authority.revoke.mutationOptions({ onSuccess: refresh }));
  return (
    <Panel
      id="authority"
      title="Authority"
      actions={
        <span data-testid="authority-status">
          <Badge tone={toneOf(status)}>{humanize(status)}</Badge>
        </span>
      }
    >
      <ErrorNote error={apiError(grants.error) ?? apiError(revoke.error)} />
      {grants.data && grants.data.data.length > 0 ? (
        <ScrollX label="Authority grants">
          <table className="mb-3 w-full border-collapse text-sm">
            <caption className="sr-only">Authority grants</caption>
            <thead>
              <tr>
                <Th>Basis</Th>
                <Th>Granted by</Th>
                <Th>Status</Th>
                <Th>Effective</Th>
                <Th>Expires</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {grants.data.data.map((g) => (
                <tr key={g.authority_id}>
                  <Td>{humanize(g.basis)}</Td>
                  <Td>{g.granted_by}</Td>
                  <Td>
                    <Badge tone={toneOf(g.status)}>{humanize(g.status)}</Badge>
                  </Td>
                  <Td className="whitespace-nowrap">{formatTime(g.effective_at)}</Td>
                  <Td className="whitespace-nowrap">{formatTime(g.expires_at)}</Td>
                  <Td>
                    {canWrite && writable && g.status === 'granted' && (
                      <Button
                        variant="danger"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate({ matter_id: matterId, authority_id: g.authority_id })}
                      >
                        Revoke
                      </Button>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      ) : (
        grants.data && (
          <p className="mb-3 text-sm text-slate-700">
            No authority has been granted. Gated work (judgments, packets, actions) is refused until it is.
          </p>
        )
      )}
      {canWrite && writable && <GrantForm matterId={matterId} onDone={refresh} />}
    </Panel>
  );
}

function GrantForm({ matterId, onDone }: { matterId: string; onDone: () => unknown }) {
  const trpc = useTRPC();
  const empty = {
    basis: 'engagement_letter',
    granted_by: '',
    source_type: 'engagement_letter',
    title: '',
    uri: '',
    expires: '',
  };
  const [f, setF] = useState(empty);
  const grant = useMutation(
    trpc.matters.authority.grant.mutationOptions({
      onSuccess: async () => {
        setF(empty);
        await onDone();
      },
    }),
  );
  const err = apiError(grant.error);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  function submit(e: FormEvent) {
    e.preventDefault();
    grant.mutate({
      matter_id: matterId,
      basis: f.basis as (typeof BASES)[number],
      granted_by: f.granted_by,
      source_refs: [
        {
          source_type: f.source_type as (typeof SOURCE_TYPES)[number],
          ...(f.title.trim() ? { title: f.title.trim() } : {}),
          ...(f.uri.trim() ? { uri: f.uri.trim() } : {}),
        },
      ],
      ...(f.expires ? { expires_at: new Date(`${f.expires}T23:59:59Z`).toISOString() } : {}),
    });
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Grant authority"
      className="grid grid-cols-2 gap-2 border-t border-slate-200 pt-3"
      noValidate
    >
      <h3 className="col-span-2 text-xs font-semibold uppercase tracking-wide text-slate-700">Grant authority</h3>
      <Field id="grant-basis" label="Basis">
        <Select id="grant-basis" value={f.basis} onChange={set('basis')}>
          {BASES.map((b) => (
            <option key={b} value={b}>
              {humanize(b)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="grant-by" label="Granted by (required)" error={err?.param === 'granted_by' ? err.message : null}>
        <Input id="grant-by" value={f.granted_by} onChange={set('granted_by')} placeholder="e.g. Acme Capital LLC" />
      </Field>
      <Field id="grant-source-type" label="Source document">
        <Select id="grant-source-type" value={f.source_type} onChange={set('source_type')}>
          {SOURCE_TYPES.map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="grant-source-title" label="Source title">
        <Input
          id="grant-source-title"
          value={f.title}
          onChange={set('title')}
          placeholder="Engagement letter 2026-06-01"
        />
      </Field>
      <Field id="grant-source-uri" label="Source URI">
        <Input id="grant-source-uri" value={f.uri} onChange={set('uri')} placeholder="https://…" />
      </Field>
      <Field id="grant-expires" label="Expires (optional)" error={err?.param === 'expires_at' ? err.message : null}>
        <Input id="grant-expires" type="date" value={f.expires} onChange={set('expires')} />
      </Field>
      <div className="col-span-2 flex items-center gap-2">
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? 'Granting…' : 'Grant authority'}
        </Button>
        {err && err.param !== 'granted_by' && err.param !== 'expires_at' && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
