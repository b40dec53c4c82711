'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, Panel, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { OFAC_NEXT, type OfacReport } from './types';
import { PersonName } from '../names/names';
import { useNames } from '../names/use-names';
import { ScrollX } from '@/components/list/scroll-x';

function Moves({ report }: { report: OfacReport }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const move = useMutation(
    trpc.sanctions.moveOfacReport.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.sanctions.pathKey() }),
    }),
  );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-1">
        {OFAC_NEXT[report.status].map((n) => (
          <Button
            key={n.to}
            variant={n.to === 'drafting' ? 'secondary' : 'primary'}
            disabled={move.isPending}
            onClick={() => move.mutate({ ofac_report_id: report.ofac_report_id, status: n.to })}
          >
            {n.label}
          </Button>
        ))}
      </div>
      <ErrorNote error={apiError(move.error)} />
    </div>
  );
}

/** OFAC blocked-property report workflows with their due dates; overdue ones in red. */
export function OfacReports({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.sanctions.ofacReports.queryOptions({ limit: 50 }));
  const rows = list.data?.data ?? [];
  // The counsel owner is a user id when picked in the console; older workflows hold free text.
  const names = useNames({ user_ids: rows.map((o) => o.counsel_owner) });
  return (
    <Panel title="OFAC report workflows" id="ofac-reports">
      <ErrorNote error={apiError(list.error)} />
      <ScrollX label="OFAC report workflows">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">OFAC report workflows</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Workflow</Th>
              <Th>Review</Th>
              <Th>Type</Th>
              <Th>Counsel</Th>
              <Th>Status</Th>
              <Th>Due</Th>
              <Th>Submitted</Th>
              {canWrite && <Th>Move</Th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.ofac_report_id} data-testid="ofac-row">
                <Td>
                  <Mono>{o.ofac_report_id}</Mono>
                </Td>
                <Td>
                  <Mono>{o.sanctions_review_id}</Mono>
                </Td>
                <Td>{humanize(o.report_type)}</Td>
                <Td>
                  {names.user(o.counsel_owner) ? (
                    <PersonName id={o.counsel_owner} name={names.user(o.counsel_owner)} />
                  ) : (
                    o.counsel_owner
                  )}
                </Td>
                <Td>
                  <Badge tone={o.status === 'acknowledged' ? 'green' : o.status === 'submitted' ? 'blue' : 'amber'}>
                    {humanize(o.status)}
                  </Badge>
                </Td>
                <Td>
                  <span data-testid="ofac-due" className={o.overdue ? 'font-semibold text-red-700' : 'text-slate-900'}>
                    {o.due_date}
                  </span>
                  {o.overdue && <span className="ml-1 text-xs font-semibold text-red-700">Overdue</span>}
                </Td>
                <Td className="whitespace-nowrap">{formatTime(o.submitted_at)}</Td>
                {canWrite && (
                  <Td>
                    <Moves report={o} />
                  </Td>
                )}
              </tr>
            ))}
            {!rows.length && list.data && (
              <tr>
                <Td colSpan={canWrite ? 8 : 7} className="py-4 text-center text-slate-600">
                  No OFAC report workflows.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
    </Panel>
  );
}
