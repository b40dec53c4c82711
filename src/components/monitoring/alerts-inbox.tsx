'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Field, Mono, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
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
export function AlertsInbox({ environment }: { environment: string }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | ''>('');
  const [severity, setSeverity] = useState<Severity | ''>('');
  const [type, setType] = useState<AlertType | ''>('');
  const q = useQuery({
    ...trpc.monitoring.inbox.queryOptions({
      ...(status ? { status } : {}),
      ...(severity ? { severity } : {}),
      ...(type ? { type } : {}),
    }),
    refetchInterval: POLL_MS,
  });
  const rows = q.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h1 className="text-lg font-semibold">
          Alerts <span className="text-sm font-normal text-slate-600">({environment})</span>
        </h1>
        <p className="max-w-3xl text-sm text-slate-700">
          New alerts first, most severe at the top. The scanner watches the watchlists&apos; addresses on chain and the
          matters&apos; legal clock; this list updates by itself.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Field id="alert-status-filter" label="Status">
          <Select id="alert-status-filter" value={status} onChange={(e) => setStatus(e.target.value as Status | '')}>
            <option value="">All statuses</option>
            {ALERT_STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="alert-severity-filter" label="Severity">
          <Select
            id="alert-severity-filter"
            value={severity}
            onChange={(e) => setSeverity(e.target.value as Severity | '')}
          >
            <option value="">All severities</option>
            {SEVERITY_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="alert-type-filter" label="Type">
          <Select id="alert-type-filter" value={type} onChange={(e) => setType(e.target.value as AlertType | '')}>
            <option value="">All types</option>
            {ALERT_TYPE_OPTIONS.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {q.data && (
        <p className="text-sm text-slate-700" data-testid="new-count">
          {q.data.new_count} new
        </p>
      )}
      <ErrorNote error={apiError(q.error)} />
      <div className="overflow-x-auto rounded border border-slate-300 bg-white">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Alerts</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Alert</Th>
              <Th>Severity</Th>
              <Th>Status</Th>
              <Th>Target</Th>
              <Th>Matter</Th>
              <Th>Raised</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.alert_id} data-testid="alert-row" className="hover:bg-slate-50">
                <Td>
                  <Link
                    href={`/alerts/${a.alert_id}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {humanize(a.type)}
                  </Link>
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
                  <Link href={`/matters/${a.matter_id}`} className="text-blue-800 hover:underline">
                    <Mono>{a.matter_id}</Mono>
                  </Link>
                </Td>
                <Td className="whitespace-nowrap">{formatTime(a.created_at)}</Td>
              </tr>
            ))}
            {!rows.length && q.data && (
              <tr>
                <Td colSpan={6} className="py-6 text-center text-slate-600">
                  No alerts match.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
