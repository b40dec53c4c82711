'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Mono, PageTitle, Select, Td, type Tone } from '../ui';
import { formatTime } from '../format';
import { DataTable } from '../list/data-table';
import { FilterSelect } from '../list/filters';
import { eventsInput, keysInput, mattersInput, requestsInput, type LogFilters } from './inputs';

const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

const statusTone = (s: number): Tone => (s >= 500 ? 'red' : s >= 400 ? 'amber' : 'green');
const latency = (ms: number) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

/**
 * Developers → Logs: the organization's recent REST requests in this environment (newest first,
 * filterable by status class, method, path prefix and key) and its recent events. A request or
 * event that wrote an audit event links to it: a matter's audit trail, or its id when the event
 * belongs to the organization rather than a matter.
 */
export function Logs({
  orgId,
  environment,
  canListKeys,
}: {
  orgId: string;
  environment: string;
  canListKeys: boolean;
}) {
  const trpc = useTRPC();
  const [applied, setApplied] = useState<LogFilters>({});
  const [draft, setDraft] = useState<LogFilters>({});
  // The cursors of the pages before this one: "Newer" pops, "Older" pushes.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const requests = useQuery(trpc.logs.requests.queryOptions(requestsInput(applied, cursor)));
  const keys = useQuery({ ...trpc.organization.keys.queryOptions(keysInput(orgId)), enabled: canListKeys });
  const matters = useQuery(trpc.matters.list.queryOptions(mattersInput()));
  const matterNames = new Map((matters.data?.data ?? []).map((m) => [m.matter_id, m.name]));
  const envKeys = (keys.data?.data ?? []).filter((k) => k.environment === environment);
  const rows = requests.data?.data ?? [];
  const err = apiError(requests.error);
  const at = err?.param ?? null;
  const fieldError = (f: string) => (at === f ? err!.message : null);
  const filtered = Object.values(applied).some(Boolean);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setCursors([]);
    setApplied({ ...draft, path_prefix: draft.path_prefix?.trim() || undefined });
  };
  const clear = () => {
    setDraft({});
    setApplied({});
    setCursors([]);
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Logs" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          Requests made to the REST API with this organization’s keys in the last 7 days (the most recent 10,000), and
          the events they produced. New requests appear within a few seconds.
        </p>
      </div>

      <section aria-labelledby="requests-heading" className="flex flex-col gap-2">
        <h2 id="requests-heading" className="text-base font-semibold">
          Requests
        </h2>
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Filter requests">
          <FilterSelect
            id="log-status"
            label="Status"
            all="All statuses"
            options={STATUS_CLASSES}
            value={draft.status_class ?? ''}
            onChange={(v) => setDraft({ ...draft, status_class: v || undefined })}
          />
          <Field id="log-method" label="Method" error={fieldError('method')}>
            <Select
              id="log-method"
              value={draft.method ?? ''}
              onChange={(e) => setDraft({ ...draft, method: e.target.value || undefined })}
            >
              <option value="">All methods</option>
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="log-path" label="Path starts with" error={fieldError('path_prefix')}>
            <Input
              id="log-path"
              placeholder="/v1/matters"
              value={draft.path_prefix ?? ''}
              aria-invalid={at === 'path_prefix' || undefined}
              aria-describedby={at === 'path_prefix' ? 'log-path-error' : undefined}
              onChange={(e) => setDraft({ ...draft, path_prefix: e.target.value || undefined })}
            />
          </Field>
          {canListKeys && (
            <Field id="log-key" label="Key" error={fieldError('key_id')}>
              <Select
                id="log-key"
                value={draft.key_id ?? ''}
                onChange={(e) => setDraft({ ...draft, key_id: e.target.value || undefined })}
              >
                <option value="">All keys</option>
                {envKeys.map((k) => (
                  <option key={k.key_id} value={k.key_id}>
                    {k.name ?? 'Unnamed key'} ({k.prefix}…)
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {filtered && (
            <Button type="button" variant="secondary" onClick={clear}>
              Clear
            </Button>
          )}
        </form>
        {err && !['path_prefix', 'method', 'key_id'].includes(at ?? '') && <ErrorNote error={err} />}
        <DataTable
          caption="API requests, newest first"
          testId="request-log"
          columns={['Time', 'Method', 'Path', 'Status', 'Key', 'Latency', 'Request', 'Audit entry']}
          empty={
            requests.isPending
              ? 'Loading requests…'
              : requests.isError
                ? 'The requests could not be loaded.'
                : !rows.length
                  ? filtered
                    ? 'No requests match these filters.'
                    : 'No API requests yet. Requests made with this organization’s keys appear here.'
                  : null
          }
        >
          {rows.map((r) => (
            <tr key={r.request_id} data-testid="request-row" className="hover:bg-slate-50">
              <Td className="whitespace-nowrap">{formatTime(r.created_at)}</Td>
              <Td className="font-mono text-xs">{r.method}</Td>
              <Td className="max-w-xs break-all font-mono text-xs">{r.path}</Td>
              <Td>
                <Badge tone={statusTone(r.status)}>{r.status}</Badge>
              </Td>
              <Td className="text-xs">
                {r.key ? (
                  <>
                    <span className="font-medium">{r.key.name ?? 'Unnamed key'}</span>{' '}
                    <span className="whitespace-nowrap font-mono text-slate-700">{r.key.prefix}…</span>
                  </>
                ) : (
                  'A deleted key'
                )}
              </Td>
              <Td className="whitespace-nowrap tabular-nums">{latency(r.duration_ms)}</Td>
              <Td>
                <Mono>{r.request_id}</Mono>
              </Td>
              <Td className="text-xs">
                {r.audit ? (
                  <AuditLink
                    audit={r.audit}
                    matterName={r.audit.matter_id ? matterNames.get(r.audit.matter_id) : null}
                  />
                ) : (
                  <span className="text-slate-600">None (no change)</span>
                )}
              </Td>
            </tr>
          ))}
        </DataTable>
        {(cursors.length > 0 || requests.data?.has_more) && (
          <nav aria-label="Request pages" className="flex gap-2 text-sm">
            {cursors.length > 0 && (
              <Button variant="secondary" onClick={() => setCursors(cursors.slice(0, -1))}>
                ← Newer
              </Button>
            )}
            {requests.data?.has_more && rows.length > 0 && (
              <Button variant="secondary" onClick={() => setCursors([...cursors, rows.at(-1)!.request_id])}>
                Older →
              </Button>
            )}
          </nav>
        )}
      </section>

      <Events matterNames={matterNames} />
    </div>
  );
}

/** A matter's audit trail (named by the matter), or the organization-level event's type and id. */
function AuditLink({
  audit,
  matterName,
}: {
  audit: { event_id: string; event_type: string; matter_id: string | null };
  matterName: string | null | undefined;
}) {
  if (!audit.matter_id) {
    return (
      <span title={audit.event_id}>
        <span className="font-medium">{audit.event_type}</span> <Mono>{audit.event_id}</Mono>
      </span>
    );
  }
  return (
    <Link href={`/matters/${audit.matter_id}#audit`} className="text-blue-800 underline">
      {audit.event_type} in {matterName ?? 'the matter'}’s audit trail
    </Link>
  );
}

/** The latest events (GET /v1/events), each with the request that caused it and its audit entry. */
function Events({ matterNames }: { matterNames: Map<string, string> }) {
  const trpc = useTRPC();
  const events = useQuery(trpc.logs.events.queryOptions(eventsInput()));
  const rows = events.data?.data ?? [];
  return (
    <section aria-labelledby="events-heading" className="flex flex-col gap-2">
      <h2 id="events-heading" className="text-base font-semibold">
        Events
      </h2>
      <ErrorNote error={apiError(events.error)} />
      <DataTable
        caption="Events, newest first"
        testId="event-log"
        columns={['Time', 'Event', 'Matter', 'Request', 'Audit entry']}
        empty={
          events.isPending
            ? 'Loading events…'
            : events.isError
              ? 'The events could not be loaded.'
              : !rows.length
                ? 'No events yet.'
                : null
        }
      >
        {rows.map((e) => (
          <tr key={e.id} data-testid="event-row" className="hover:bg-slate-50">
            <Td className="whitespace-nowrap">{formatTime(e.created_at)}</Td>
            <Td className="font-medium">{e.type}</Td>
            <Td className="text-xs">
              {e.matter_id ? (matterNames.get(e.matter_id) ?? 'A matter') : 'The organization'}
            </Td>
            <Td>{e.request.id ? <Mono>{e.request.id}</Mono> : '—'}</Td>
            <Td className="text-xs">
              {e.audit_ref && e.matter_id ? (
                <Link href={`/matters/${e.matter_id}#audit`} className="text-blue-800 underline">
                  {matterNames.get(e.matter_id) ?? 'The matter'}’s audit trail
                </Link>
              ) : e.audit_ref ? (
                <Mono>{e.audit_ref}</Mono>
              ) : (
                '—'
              )}
            </Td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
