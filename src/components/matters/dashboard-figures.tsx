'use client';

import { useQuery } from '@tanstack/react-query';
import { apiError, useTRPC } from '@/trpc/react';
import { ErrorNote } from '../ui';
import { formatAmount, formatTime } from '../format';

type Money = { amount: string; currency: string };

/** The figures of GET /v1/matters/{id}/dashboard, under the labels operators know them by. */
export function DashboardFigures({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.matters.dashboard.queryOptions({ matter_id: matterId }));
  if (q.error) return <ErrorNote error={apiError(q.error)} />;
  const d = q.data;
  // null: a ledger figure this user's roles may not read (no ledger:read).
  const money = (m: Money | null | undefined) => (m ? formatAmount(m.amount, m.currency) : m === null ? '—' : '…');
  const figures: { label: string; value: string | number; testid: string }[] = [
    { label: 'Judgment value', value: money(d?.judgment_value), testid: 'judgment_value' },
    { label: 'Known crypto exposure', value: money(d?.known_crypto_exposure), testid: 'known_crypto_exposure' },
    { label: 'Open actions', value: d?.open_actions ?? '…', testid: 'open_actions' },
    { label: 'Open packets', value: d?.open_packets ?? '…', testid: 'open_packets' },
    { label: 'Alerts', value: d?.alerts ?? '…', testid: 'alerts' },
    { label: 'Recovery events', value: d ? (d.recovery_events ?? '—') : '…', testid: 'recovery_events' },
    { label: 'Operator economics', value: money(d?.operator_economics), testid: 'operator_economics' },
    // The sanctions pause: the banner above says why; here it sits beside the figures it affects.
    {
      label: 'Collection',
      value: d ? (d.collection_paused ? 'Paused' : 'Not paused') : '…',
      testid: 'collection_paused',
    },
  ];
  return (
    <section aria-labelledby="dashboard-title">
      <div className="mb-1 flex items-baseline justify-between">
        <h2 id="dashboard-title" className="text-sm font-semibold">
          Dashboard
        </h2>
        {d && <span className="text-xs text-slate-600">as of {formatTime(d.as_of)}</span>}
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
        {figures.map((f) => (
          <div key={f.label} className="rounded border border-slate-300 bg-white px-3 py-2">
            <dt className="text-xs text-slate-700">{f.label}</dt>
            <dd
              data-testid={`figure-${f.testid}`}
              className="mt-0.5 font-mono text-base font-semibold tabular-nums text-slate-900"
            >
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
