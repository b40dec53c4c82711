'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiError, useTRPC } from '@/trpc/react';
import { ErrorNote } from '../ui';
import { formatAmount, formatTime } from '../format';
import { hubHref } from './hub-sections';

type Money = { amount: string; currency: string };

/**
 * The figures of GET /v1/matters/{id}/dashboard, under the labels operators know them by. Each
 * card the user may follow links to what it counts: the list filtered to this matter, or the
 * hub's section (`can` is the user's permissions; a card without one stays a plain figure).
 */
export function DashboardFigures({ matterId, can = {} }: { matterId: string; can?: Record<string, boolean> }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.matters.dashboard.queryOptions({ matter_id: matterId }));
  if (q.error) return <ErrorNote error={apiError(q.error)} />;
  const d = q.data;
  // null: a ledger figure this user's roles may not read (no ledger:read).
  const money = (m: Money | null | undefined) => (m ? formatAmount(m.amount, m.currency) : m === null ? '—' : '…');
  const to = (perm: string, href: string) => (can[perm] ? href : undefined);
  // A count past the service's cap reads "1,000+" (the list behind the card has them all).
  type Counted = 'open_actions' | 'open_packets' | 'alerts';
  const count = (k: Counted) =>
    !d ? '…' : d.capped_counts?.includes(k) ? `${d.count_cap.toLocaleString('en-US')}+` : d[k];
  const figures: { label: string; value: string | number; testid: string; href?: string }[] = [
    {
      label: 'Judgment value',
      value: money(d?.judgment_value),
      testid: 'judgment_value',
      href: to('judgments:read', '#judgments'),
    },
    {
      label: 'Known crypto exposure',
      value: money(d?.known_crypto_exposure),
      testid: 'known_crypto_exposure',
      href: to('crypto:read', hubHref.crypto(matterId)),
    },
    {
      label: 'Open actions',
      value: count('open_actions'),
      testid: 'open_actions',
      href: to('actions:read', hubHref.actions(matterId)),
    },
    {
      label: 'Open packets',
      value: count('open_packets'),
      testid: 'open_packets',
      href: to('packets:read', hubHref.packets(matterId)),
    },
    {
      label: 'Alerts',
      value: count('alerts'),
      testid: 'alerts',
      href: to('monitoring:read', hubHref.alerts(matterId)),
    },
    {
      label: 'Recovery events',
      value: d ? (d.recovery_events ?? '—') : '…',
      testid: 'recovery_events',
      href: to('ledger:read', '#ledger'),
    },
    {
      label: 'Operator economics',
      value: money(d?.operator_economics),
      testid: 'operator_economics',
      href: to('ledger:read', '#ledger'),
    },
    // The sanctions pause: the banner above says why; here it sits beside the figures it affects.
    {
      label: 'Collection',
      value: d ? (d.collection_paused ? 'Paused' : 'Not paused') : '…',
      testid: 'collection_paused',
      href: to('sanctions:read', '#sanctions'),
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
          <div
            key={f.label}
            className={`relative rounded border border-slate-300 bg-white px-3 py-2 ${f.href ? 'hover:border-blue-600 hover:bg-blue-50' : ''}`}
          >
            <dt id={`figure-label-${f.testid}`} className="text-xs text-slate-700">
              {f.label}
            </dt>
            <dd className="mt-0.5 font-mono text-base font-semibold tabular-nums text-slate-900">
              {f.href ? (
                // The link stretches over the whole card; its name is the label and the figure.
                <Link
                  href={f.href}
                  aria-labelledby={`figure-label-${f.testid} figure-${f.testid}`}
                  data-testid={`figure-link-${f.testid}`}
                  className="text-blue-900 after:absolute after:inset-0 focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-blue-600"
                >
                  <span id={`figure-${f.testid}`} data-testid={`figure-${f.testid}`}>
                    {f.value}
                  </span>
                </Link>
              ) : (
                <span data-testid={`figure-${f.testid}`}>{f.value}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
