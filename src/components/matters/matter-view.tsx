'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { ConsoleMe } from '@/app/(console)/console-user';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, Select, toneOf } from '../ui';
import { formatTime, humanize } from '../format';
import { AuditPanel } from './audit-panel';
import { AuthorityPanel } from './authority-panel';
import { ClaimantsPanel } from './claimants-panel';
import { DashboardFigures } from './dashboard-figures';
import { useMatterRefresh } from './use-matter-refresh';
import { JudgmentsPanel } from '../judgments/judgments-panel';
import type { JurisdictionOption } from '../judgments/types';
import { LedgerPanel } from '../ledger/ledger-panel';
import { ReportsPanel } from '../reports/reports-panel';
import { IssuerPanel } from '../issuer/issuer-panel';
import { PauseBanner } from '../sanctions/pause-banner';

const CLOSE_REASONS = ['paid', 'settled', 'exhausted', 'stayed', 'administratively_closed'] as const;

/** The matter page: header and status controls, dashboard figures, authority, claimants, judgments, ledger, audit. */
export function MatterView({
  matterId,
  me,
  jurisdictions,
}: {
  matterId: string;
  me: ConsoleMe;
  jurisdictions: JurisdictionOption[];
}) {
  const trpc = useTRPC();
  const matter = useQuery(trpc.matters.get.queryOptions({ matter_id: matterId }));
  const m = matter.data;
  if (!m) return <ErrorNote error={apiError(matter.error)} />;
  const economics = m.economics as { currency?: string; contingency_fee_pct?: number };
  const writable = m.status !== 'closed';
  return (
    <div className="flex flex-col gap-4">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
          <Link href="/matters" className="text-blue-800 underline">
            Matters
          </Link>{' '}
          / {m.name}
        </nav>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold">{m.name}</h1>
          <Badge tone={toneOf(m.status)}>{humanize(m.status)}</Badge>
          {m.collection_paused && <Badge tone="red">Collection paused</Badge>}
          <Badge>{humanize(m.mode)}</Badge>
          <Mono>{m.matter_id}</Mono>
          {me.permissions['crypto:read'] && (
            <Link href={`/matters/${m.matter_id}/crypto`} className="ml-2 text-sm text-blue-800 underline">
              Crypto
            </Link>
          )}
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-700">
          <div>
            <dt className="inline font-medium">Lead counsel: </dt>
            <dd className="inline">{m.lead_counsel ?? '—'}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Currency: </dt>
            <dd className="inline">{economics.currency ?? 'USD'}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Contingency fee: </dt>
            <dd className="inline">
              {economics.contingency_fee_pct !== undefined ? `${economics.contingency_fee_pct}%` : '—'}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Created: </dt>
            <dd className="inline">{formatTime(m.created_at)}</dd>
          </div>
          {m.closed_at && (
            <div>
              <dt className="inline font-medium">Closed: </dt>
              <dd className="inline">
                {formatTime(m.closed_at)} ({humanize(m.closed_reason)})
              </dd>
            </div>
          )}
        </dl>
        {m.notes && <p className="mt-1 max-w-3xl whitespace-pre-wrap text-sm text-slate-800">{m.notes}</p>}
        {me.permissions['matters:write'] && writable && <StatusControls matterId={m.matter_id} status={m.status} />}
      </div>
      {m.collection_paused && <PauseBanner paused={m.collection_paused} />}
      <DashboardFigures matterId={m.matter_id} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {me.permissions['authority:read'] && (
          <AuthorityPanel
            matterId={m.matter_id}
            status={m.authority_status}
            canWrite={me.permissions['authority:write']}
            writable={writable}
          />
        )}
        {me.permissions['claimants:read'] && (
          <ClaimantsPanel matterId={m.matter_id} canWrite={me.permissions['claimants:write']} writable={writable} />
        )}
      </div>
      {me.permissions['judgments:read'] && (
        <JudgmentsPanel
          matterId={m.matter_id}
          currency={economics.currency ?? 'USD'}
          canWrite={me.permissions['judgments:write']}
          writable={writable}
          jurisdictions={jurisdictions}
        />
      )}
      {me.permissions['ledger:read'] && (
        <LedgerPanel matterId={m.matter_id} canWrite={me.permissions['ledger:write']} writable={writable} />
      )}
      {me.permissions['reports:read'] && (
        <ReportsPanel
          matterId={m.matter_id}
          canWrite={me.permissions['reports:write']}
          canExport={me.permissions['reports:export']}
        />
      )}
      {me.permissions['issuer:read'] && (
        <IssuerPanel
          matterId={m.matter_id}
          canWrite={me.permissions['issuer:write']}
          canApprove={me.permissions['issuer:approve']}
          writable={writable}
        />
      )}
      {me.permissions['audit:read'] && <AuditPanel matterId={m.matter_id} myUserId={me.user.id} />}
    </div>
  );
}

/** open ⇄ on hold, and closing with a reason (a closed matter accepts no further changes). */
function StatusControls({ matterId, status }: { matterId: string; status: string }) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const [reason, setReason] = useState<(typeof CLOSE_REASONS)[number]>('paid');
  const update = useMutation(trpc.matters.update.mutationOptions({ onSuccess: refresh }));
  const close = useMutation(trpc.matters.close.mutationOptions({ onSuccess: refresh }));
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {status === 'open' && (
        <Button variant="secondary" onClick={() => update.mutate({ matter_id: matterId, status: 'on_hold' })}>
          Put on hold
        </Button>
      )}
      {status === 'on_hold' && (
        <Button variant="secondary" onClick={() => update.mutate({ matter_id: matterId, status: 'open' })}>
          Reopen
        </Button>
      )}
      <label htmlFor="close-reason" className="ml-2 text-xs text-slate-700">
        Close reason
      </label>
      <Select
        id="close-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value as typeof reason)}
        className="w-48"
      >
        {CLOSE_REASONS.map((r) => (
          <option key={r} value={r}>
            {humanize(r)}
          </option>
        ))}
      </Select>
      <Button
        variant="danger"
        onClick={() =>
          window.confirm('Close this matter? A closed matter accepts no further changes.') &&
          close.mutate({ matter_id: matterId, reason })
        }
      >
        Close matter
      </Button>
      <ErrorNote error={apiError(update.error) ?? apiError(close.error)} />
    </div>
  );
}
