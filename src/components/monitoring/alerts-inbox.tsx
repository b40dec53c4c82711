'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, PageTitle, Select, Td, Textarea } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { FilterSelect } from '../list/filters';
import { MatterLink, RowLink } from '../list/row-links';
import { CsvButton } from '../list/csv-download';
import { CSV_PAGE } from '../list/csv-pages';
import { useUrlFilters } from '../list/url-filters';
import { LoadingRows } from '../shell/skeleton';
import { MatterPicker, useMatterFilter } from '../names/pickers';
import { useNames } from '../names/use-names';
import {
  ALERT_STATUS_OPTIONS,
  ALERT_TYPE_OPTIONS,
  POLL_MS,
  SEVERITY_OPTIONS,
  alertStatusTone,
  severityTone,
} from './labels';

type Status = (typeof ALERT_STATUS_OPTIONS)[number];
type Severity = (typeof SEVERITY_OPTIONS)[number];
type AlertType = (typeof ALERT_TYPE_OPTIONS)[number];
const TRIAGE_TO = ['actionable', 'false_positive', 'monitoring', 'resolved'] as const;
type TriageTo = (typeof TRIAGE_TO)[number];

/** A long address or hash, cut in the middle to fit its column; the full value is its title. */
export function ShortText({ text }: { text: string }) {
  const short = text.length > 22 ? `${text.slice(0, 10)}…${text.slice(-8)}` : text;
  return (
    <span title={text} className="font-mono text-xs whitespace-nowrap text-slate-700">
      {short}
      {short !== text && <span className="sr-only"> (full: {text})</span>}
    </span>
  );
}

/**
 * The alert inbox: new alerts first, by severity, filtered; it re-reads every few seconds, so
 * alerts the scanner raises appear without a reload. The filters live in the URL (a filtered
 * inbox can be shared and survives a reload); rows can be selected and triaged together.
 */
export function AlertsInbox({ environment, canWrite }: { environment: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const filters = useUrlFilters();
  const status = filters.get<Status>('status', ALERT_STATUS_OPTIONS);
  const severity = filters.get<Severity>('severity', SEVERITY_OPTIONS);
  const type = filters.get<AlertType>('type', ALERT_TYPE_OPTIONS);
  const matterId = filters.value('matter_id');
  const setFilter = filters.set;
  const listFilters = {
    ...(matterId ? { matter_id: matterId } : {}),
    ...(status ? { status } : {}),
    ...(severity ? { severity } : {}),
    ...(type ? { type } : {}),
  };
  const q = useQuery({
    ...trpc.monitoring.inbox.queryOptions(listFilters),
    refetchInterval: POLL_MS,
  });
  const rows = q.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((a) => a.matter_id) });
  const toMatter = useMatterFilter();

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [to, setTo] = useState<TriageTo>('actionable');
  const [note, setNote] = useState('');
  // Only rows still on screen count (a poll or a filter may have taken some away).
  const chosen = rows.filter((r) => selected.has(r.alert_id) && r.status !== 'resolved').map((r) => r.alert_id);
  const bulk = useMutation(
    trpc.monitoring.bulkTriage.mutationOptions({
      onSuccess: () => {
        setSelected(new Set());
        setNote('');
        void qc.invalidateQueries({ queryKey: trpc.monitoring.inbox.queryKey() });
      },
    }),
  );
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const needsNote = to === 'false_positive' && !note.trim();
  const columns = [
    ...(canWrite
      ? [
          <span key="sel" className="sr-only">
            Select
          </span>,
        ]
      : []),
    'Alert',
    'Severity',
    'Status',
    'Target',
    'Matter',
    'Raised',
  ];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Alerts" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          New alerts first, most severe at the top. The scanner watches the watchlists&apos; addresses on chain and the
          matters&apos; legal clock; this list updates by itself.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <MatterPicker id="alert-matter-filter" value={matterId ?? ''} onChange={toMatter} none="All matters" />
        <FilterSelect
          id="alert-status-filter"
          label="Status"
          all="All statuses"
          options={ALERT_STATUS_OPTIONS}
          value={status}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          id="alert-severity-filter"
          label="Severity"
          all="All severities"
          options={SEVERITY_OPTIONS}
          value={severity}
          onChange={(v) => setFilter('severity', v)}
        />
        <FilterSelect
          id="alert-type-filter"
          label="Type"
          all="All types"
          options={ALERT_TYPE_OPTIONS}
          value={type}
          onChange={(v) => setFilter('type', v)}
        />
        <CsvButton
          list="alerts"
          header={['Alert ID', 'Type', 'Severity', 'Status', 'Target', 'Matter', 'Matter ID', 'Reason', 'Raised']}
          source={{
            // Every alert the filters match (the REST list, newest first), not the inbox's first screen.
            fetchPage: (client, cursor) =>
              client.monitoring.alerts.query({ ...listFilters, limit: CSV_PAGE, starting_after: cursor }),
            cursorOf: (a) => a.alert_id,
            names: (a) => ({ matter_ids: [a.matter_id] }),
            toRow: (a, n) => [
              a.alert_id,
              a.type,
              a.severity,
              a.status,
              a.target,
              n.matter(a.matter_id) ?? a.matter_id,
              a.matter_id,
              a.reason,
              a.created_at,
            ],
          }}
        />
      </div>
      {q.data && (
        <p className="text-sm text-slate-700" data-testid="new-count">
          {q.data.new_count}
          {q.data.new_count_capped ? '+' : ''} new
        </p>
      )}
      {canWrite && chosen.length > 0 && (
        <section
          aria-label="Triage the selected alerts"
          data-testid="bulk-triage"
          className="flex flex-wrap items-end gap-3 rounded border border-blue-300 bg-blue-50 p-2"
        >
          <p className="w-full text-sm font-medium">{chosen.length} selected</p>
          <Field id="bulk-status" label="Move to">
            <Select id="bulk-status" value={to} onChange={(e) => setTo(e.target.value as TriageTo)}>
              {TRIAGE_TO.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="bulk-note"
            label="Note (for every selected alert)"
            hint={to === 'false_positive' ? 'Required for a false positive.' : undefined}
            className="min-w-0 flex-1 basis-64"
          >
            <Textarea id="bulk-note" rows={1} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <Button
            type="button"
            disabled={bulk.isPending || needsNote}
            onClick={() =>
              bulk.mutate({ alert_ids: chosen, status: to, ...(note.trim() ? { notes: note.trim() } : {}) })
            }
          >
            Triage {chosen.length}
          </Button>
          <ErrorNote error={apiError(bulk.error)} />
        </section>
      )}
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Alerts"
        columns={columns}
        empty={q.data && !rows.length && 'No alerts match.'}
        busy={q.isPending}
      >
        {q.isPending && <LoadingRows columns={columns.length} />}
        {rows.map((a) => (
          <tr key={a.alert_id} data-testid="alert-row" className="hover:bg-slate-50">
            {canWrite && (
              <Td>
                <input
                  type="checkbox"
                  aria-label={`Select ${humanize(a.type)} alert ${a.alert_id}`}
                  disabled={a.status === 'resolved'}
                  checked={selected.has(a.alert_id)}
                  onChange={(e) => toggle(a.alert_id, e.target.checked)}
                  className="h-4 w-4"
                />
              </Td>
            )}
            <Td className="min-w-48">
              <RowLink href={`/alerts/${a.alert_id}`}>{humanize(a.type)}</RowLink>
              <div className="max-w-xl break-words text-slate-700">{a.reason}</div>
            </Td>
            <Td>
              <Badge tone={severityTone(a.severity)}>{humanize(a.severity)}</Badge>
            </Td>
            <Td>
              <Badge tone={alertStatusTone(a.status)}>{humanize(a.status)}</Badge>
            </Td>
            <Td>
              <ShortText text={a.target} />
            </Td>
            <Td>
              <MatterLink id={a.matter_id} name={names.matter(a.matter_id)} />
            </Td>
            <Td className="whitespace-nowrap">{formatTime(a.created_at)}</Td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
