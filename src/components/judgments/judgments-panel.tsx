'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, Panel, Td, Th, toneOf } from '../ui';
import { formatAmount, humanize } from '../format';
import { IntakeForm } from './intake-form';
import { judgmentsListInput } from './inputs';
import type { JurisdictionOption } from './types';
import { ScrollX } from '@/components/list/scroll-x';

/** The matter's judgments with their status badges, and the intake form (POST /v1/judgments/intake). */
export function JudgmentsPanel({
  matterId,
  currency,
  canWrite,
  writable,
  jurisdictions,
}: {
  matterId: string;
  currency: string;
  canWrite: boolean;
  writable: boolean;
  jurisdictions: JurisdictionOption[];
}) {
  const trpc = useTRPC();
  const list = useQuery(trpc.judgments.list.queryOptions(judgmentsListInput(matterId)));
  const rows = list.data?.data ?? [];
  return (
    <Panel id="judgments" title={`Judgments (${rows.length}${list.data?.has_more ? '+' : ''})`}>
      <ErrorNote error={apiError(list.error)} />
      {rows.length > 0 ? (
        <ScrollX label="Judgments of this matter" className="mb-3">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Judgments of this matter</caption>
            <thead>
              <tr>
                <Th>Case</Th>
                <Th>Court</Th>
                <Th>Jurisdiction</Th>
                <Th>Debtor</Th>
                <Th className="text-right">Amount</Th>
                <Th>Entered</Th>
                <Th>Status</Th>
                <Th>Profile</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((j) => (
                <tr key={j.judgment_id} data-testid="judgment-row">
                  <Td>
                    <Link
                      href={`/matters/${matterId}/judgments/${j.judgment_id}`}
                      className="font-medium text-blue-800 underline-offset-2 hover:underline"
                    >
                      {j.case_number}
                    </Link>
                    <div>
                      <Mono>{j.judgment_id}</Mono>
                    </div>
                  </Td>
                  <Td>{j.court}</Td>
                  <Td>
                    {j.jurisdiction_rules.name}{' '}
                    <span className="whitespace-nowrap">
                      <Mono>{j.jurisdiction}</Mono>
                    </span>
                    {j.jurisdiction_rules.review_required && (
                      <>
                        {' '}
                        <Badge tone="amber">Rules need review</Badge>
                      </>
                    )}
                  </Td>
                  <Td>{j.debtor}</Td>
                  <Td className="whitespace-nowrap text-right font-mono tabular-nums">
                    {formatAmount(j.amount.amount, j.amount.currency)}
                  </Td>
                  <Td className="whitespace-nowrap">{j.date_entered}</Td>
                  <Td className="whitespace-nowrap">
                    <span data-testid="judgment-status">
                      <Badge tone={toneOf(j.status)}>{humanize(j.status)}</Badge>
                    </span>
                  </Td>
                  <Td>{j.enforcement_profile ? humanize(j.enforcement_profile) : '—'}</Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      ) : (
        list.data && <p className="mb-3 text-sm text-slate-700">No judgments on this matter yet.</p>
      )}
      {canWrite && writable && <IntakeForm matterId={matterId} currency={currency} jurisdictions={jurisdictions} />}
    </Panel>
  );
}
