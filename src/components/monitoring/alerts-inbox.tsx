'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, PageTitle, Td } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { FilterSelect } from '../list/filters';
import { MatterLink, RowLink } from '../list/row-links';
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

/** The alert inbox: new alerts first, by severity, filtered; it re-reads every few seconds, so
 *  alerts the scanner raises appear without a reload. */
export function AlertsInbox({ environment, matterId }: { environment: string; matterId?: string }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | ''>('');
  const [severity, setSeverity] = useState<Severity | ''>('');
  const [type, setType] = useState<AlertType | ''>('');
  const q = useQuery({
    ...trpc.monitoring.inbox.queryOptions({
      ...(matterId ? { matter_id: matterId } : {}),
      ...(status ? { status } : {}),
      ...(severity ? { severity } : {}),
      ...(type ? { type } : {}),
    }),
    refetchInterval: POLL_MS,
  });
  const rows = q.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((a) => a.matter_id) });
  const toMatter = useMatterFilter();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Alerts" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          New alerts first, most severe at the top. The scanner watches the watchlists&apos; addresses on chain and the
          matters&apos; legal clock; this list updates by itself.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <MatterPicker id="alert-matter-filter" value={matterId ?? ''} onChange={toMatter} none="All matters" />
        <FilterSelect
          id="alert-status-filter"
          label="Status"
          all="All statuses"
          options={ALERT_STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
        />
        <FilterSelect
          id="alert-severity-filter"
          label="Severity"
          all="All severities"
          options={SEVERITY_OPTIONS}
          value={severity}
          onChange={setSeverity}
        />
        <FilterSelect
          id="alert-type-filter"
          label="Type"
          all="All types"
          options={ALERT_TYPE_OPTIONS}
          value={type}
          onChange={setType}
        />
      </div>
      {q.data && (
        <p className="text-sm text-slate-700" data-testid="new-count">
          {q.data.new_count} new
        </p>
      )}
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Alerts"
        columns={['Alert', 'Severity', 'Status', 'Target', 'Matter', 'Raised']}
        empty={q.data && !rows.length && 'No alerts match.'}
      >
        {rows.map((a) => (
          <tr key={a.alert_id} data-testid="alert-row" className="hover:bg-slate-50">
            <Td>
              <RowLink href={`/alerts/${a.alert_id}`}>{humanize(a.type)}</RowLink>
              <div className="max-w-xl text-slate-700">{a.reason}</div>
            </Td>
            <Td>
              <Badge tone={severityTone(a.severity)}>{humanize(a.severity)}</Badge>
            </Td>
            <Td>
              <Badge tone={alertStatusTone(a.status)}>{humanize(a.status)}</Badge>
            </Td>
            <Td>
              <Mono>{a.target}</Mono>
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
