'use client';

import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Panel, Td, Th, toneOf } from '../ui';
import { humanize } from '../format';
import { deadlinesInput } from './inputs';
import { asStrings } from './types';
import { ScrollX } from '@/components/list/scroll-x';

/**
 * The judgment's current deadlines (open and passed) as a timeline: ordered by legal last day,
 * undated ones last, with today marked between what is behind and what is ahead.
 */
export function DeadlineTimeline({ judgmentId, today }: { judgmentId: string; today: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.judgments.deadlines.queryOptions(deadlinesInput(judgmentId)));
  const rows = [...(q.data?.data ?? [])].sort((a, b) =>
    a.date === b.date
      ? a.deadline_id.localeCompare(b.deadline_id)
      : a.date === null
        ? 1
        : b.date === null
          ? -1
          : a.date.localeCompare(b.date),
  );
  // The marker goes before the first deadline on or after today (or after the last dated one).
  let markerAt = rows.findIndex((d) => d.date === null || d.date >= today);
  if (markerAt === -1) markerAt = rows.length;
  const marker = (
    <tr data-testid="today-marker" className="bg-blue-50">
      <Td colSpan={6} className="border-y-2 border-blue-600 py-0.5 text-xs font-semibold text-blue-900">
        Today · {today}
      </Td>
    </tr>
  );
  return (
    <Panel id="deadlines" title={`Deadlines (${rows.length})`}>
      <ErrorNote error={apiError(q.error)} />
      <ScrollX label="Deadlines ordered by date, today marked">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Deadlines ordered by date, today marked</caption>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Type</Th>
              <Th>Deadline</Th>
              <Th>Status</Th>
              <Th>Owner</Th>
              <Th>Review</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d, i) => (
              <Fragment key={d.deadline_id}>
                {i === markerAt && marker}
                <tr
                  data-testid="deadline-row"
                  className={d.date !== null && d.date < today ? 'text-slate-600' : undefined}
                >
                  <Td className="whitespace-nowrap font-mono text-xs">
                    {d.date ?? 'no date'}
                    {d.window_opens && <div className="text-slate-700">window opens {d.window_opens}</div>}
                  </Td>
                  <Td>{humanize(d.type)}</Td>
                  <Td>
                    <div className="font-medium text-slate-900">{d.title}</div>
                    {d.legal_basis && <div className="text-xs text-slate-700">{d.legal_basis}</div>}
                  </Td>
                  <Td>
                    <Badge tone={toneOf(d.status)}>{humanize(d.status)}</Badge>
                  </Td>
                  <Td>{d.owner ?? '—'}</Td>
                  <Td>
                    {d.review_required ? (
                      <div data-testid="deadline-review">
                        <Badge tone="amber">Review required</Badge>
                        {asStrings(d.review_reasons).length > 0 && (
                          <ul className="mt-0.5 list-disc pl-4 text-xs text-slate-700">
                            {asStrings(d.review_reasons).map((r, k) => (
                              <li key={k}>{r}</li>
                            ))}
                          </ul>
                        )}
                      </div>
                    ) : (
                      '—'
                    )}
                  </Td>
                </tr>
              </Fragment>
            ))}
            {markerAt === rows.length && marker}
          </tbody>
        </table>
      </ScrollX>
      {q.data && rows.length === 0 && <p className="mt-2 text-sm text-slate-700">No current deadlines.</p>}
      {q.data?.has_more && <p className="mt-2 text-xs text-slate-700">Showing the first {rows.length} deadlines.</p>}
    </Panel>
  );
}
