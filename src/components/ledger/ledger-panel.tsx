'use client';

import { useQuery } from '@tanstack/react-query';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, Panel, Td, Th } from '../ui';
import { formatAmount, formatTime, humanize } from '../format';
import { ledgerInput } from '../judgments/inputs';
import type { InterestBasisView } from '../judgments/types';
import { EntryForm } from './entry-form';
import { ScrollX } from '@/components/list/scroll-x';

type Money = { amount: string; currency: string };

/** The matter's ledger (GET /v1/ledger/matters/{id}): balance figures, interest basis, latest entries, and "Add entry". */
export function LedgerPanel({
  matterId,
  canWrite,
  writable,
}: {
  matterId: string;
  canWrite: boolean;
  writable: boolean;
}) {
  const trpc = useTRPC();
  const q = useQuery(trpc.ledger.balance.queryOptions(ledgerInput(matterId)));
  const b = q.data;
  const money = (m: Money | undefined) => (m ? formatAmount(m.amount, m.currency) : '…');
  const figures: { key: string; label: string; value: Money | undefined }[] = [
    { key: 'judgment_principal', label: 'Judgment principal', value: b?.judgment_principal },
    { key: 'accrued_interest', label: 'Accrued interest', value: b?.accrued_interest },
    { key: 'costs', label: 'Costs', value: b?.costs },
    { key: 'recovered', label: 'Recovered', value: b?.recovered },
    { key: 'distributed', label: 'Distributed', value: b?.distributed },
    { key: 'balance_outstanding', label: 'Matter balance outstanding (all judgments)', value: b?.balance_outstanding },
  ];
  const basis = (b?.interest_basis ?? []) as unknown as InterestBasisView[];
  const entries = b?.entries.data ?? [];
  return (
    <Panel
      id="ledger"
      title="Ledger"
      actions={
        b && (
          <span className="flex items-center gap-2 text-xs text-slate-700">
            {b.review_required && <Badge tone="amber">Review required</Badge>}
            <span data-testid="ledger-as-of">as of {b.as_of}</span> · {b.currency}
          </span>
        )
      }
    >
      <ErrorNote error={apiError(q.error)} />
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map((f) => (
          <div
            key={f.key}
            className={`rounded border px-3 py-1.5 ${f.key === 'balance_outstanding' ? 'border-slate-500 bg-slate-50' : 'border-slate-300'}`}
          >
            <dt className="text-xs text-slate-700">{f.label}</dt>
            <dd data-testid={`ledger-${f.key}`} className="font-mono text-sm font-semibold tabular-nums text-slate-900">
              {money(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      {b && (
        <p className="mt-1 text-xs text-slate-700">
          Recoveries applied: interest {money(b.allocation.interest_paid)}, principal{' '}
          {money(b.allocation.principal_paid)}, costs {money(b.allocation.costs_paid)} · fees {money(b.fees)} ·
          undistributed {money(b.undistributed)}
          {Number(b.overpayment.amount) > 0 && <> · overpayment {money(b.overpayment)}</>}
        </p>
      )}
      {basis.length > 0 && (
        <div className="mt-2">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">Interest basis</h3>
          <ul data-testid="interest-basis" className="text-xs text-slate-800">
            {basis.map((l) => (
              <li key={l.judgment_id} className="border-b border-slate-100 py-0.5">
                <Mono>{l.judgment_id}</Mono> · {l.jurisdiction} ·{' '}
                {l.included ? (
                  <>
                    {humanize(l.method)} {l.rate_known ? `${l.rate_pct}%` : 'rate unknown'}, {l.compounding},{' '}
                    {l.day_count}, from {l.accrues_from}
                    {l.source ? ` (${l.source})` : ''}
                  </>
                ) : (
                  <span className="font-medium">left out of the figures</span>
                )}
                {l.review_required && (
                  <>
                    {' '}
                    <Badge tone="amber">Review</Badge>
                  </>
                )}
                {l.reasons && l.reasons.length > 0 && <span className="text-slate-700"> — {l.reasons.join(' ')}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ScrollX label="Ledger entries" className="mt-3">
        <table className="w-full border-collapse text-sm">
          <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            Entries (latest {entries.length}
            {b?.entries.has_more ? ', more exist' : ''})
          </caption>
          <thead>
            <tr>
              <Th>Occurred</Th>
              <Th>Type</Th>
              <Th className="text-right">Amount</Th>
              <Th>Judgment</Th>
              <Th>Description</Th>
              <Th>Entry</Th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.entry_id} data-testid="ledger-entry">
                <Td className="whitespace-nowrap">{formatTime(e.occurred_at)}</Td>
                <Td>{humanize(e.type)}</Td>
                <Td className="whitespace-nowrap text-right font-mono tabular-nums">
                  {formatAmount(e.amount.amount, e.amount.currency)}
                </Td>
                <Td>{e.judgment_id ? <Mono>{e.judgment_id}</Mono> : '—'}</Td>
                <Td>{e.description}</Td>
                <Td>
                  <Mono>{e.entry_id}</Mono>
                </Td>
              </tr>
            ))}
            {b && !entries.length && (
              <tr>
                <Td colSpan={6} className="text-slate-700">
                  No entries yet.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
      {canWrite && writable && b && <EntryForm matterId={matterId} currency={b.currency} />}
    </Panel>
  );
}
