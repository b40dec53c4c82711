'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import type { ConsoleMe } from '@/app/(console)/console-user';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Select, toneOf } from '../ui';
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
import { CopyId } from '../names/names';
import { LeadCounsel } from '../names/lead-counsel';
import { useNames } from '../names/use-names';
import { HubActions, HubAlerts, HubPackets, HubSanctions, HubWallets } from './hub-sections';

const CLOSE_REASONS = ['paid', 'settled', 'exhausted', 'stayed', 'administratively_closed'] as const;

/**
 * The matter hub: header and status controls, the sanctions pause, dashboard figures (each a
 * link to what it counts), then one section per kind of work on the matter — judgments,
 * wallets, actions, packets, alerts, sanctions, reports, ledger, audit — each listing this
 * matter's own rows and linking to the full list filtered to it. A section shows only with the
 * permission its list needs; the lists apply the same matter scope as the REST API.
 */
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
  const names = useNames({ user_ids: [m?.lead_counsel] });
  if (!m) return <ErrorNote error={apiError(matter.error)} />;
  const can = me.permissions;
  const sections: { id: string; label: string; show: boolean }[] = [
    { id: 'overview', label: 'Overview', show: true },
    { id: 'judgments', label: 'Judgments', show: can['judgments:read'] },
    { id: 'wallets', label: 'Wallets', show: can['crypto:read'] },
    { id: 'actions', label: 'Actions', show: can['actions:read'] },
    { id: 'packets', label: 'Packets', show: can['packets:read'] },
    { id: 'alerts', label: 'Alerts', show: can['monitoring:read'] },
    { id: 'sanctions', label: 'Sanctions', show: can['sanctions:read'] },
    { id: 'reports', label: 'Reports', show: can['reports:read'] },
    { id: 'ledger', label: 'Ledger', show: can['ledger:read'] },
    { id: 'audit', label: 'Audit', show: can['audit:read'] },
  ];
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
          <CopyId id={m.matter_id} />
          {me.permissions['crypto:read'] && (
            <Link href={`/matters/${m.matter_id}/crypto`} className="ml-2 text-sm text-blue-800 underline">
              Crypto
            </Link>
          )}
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-700">
          <div>
            <dt className="inline font-medium">Lead counsel: </dt>
            <dd className="inline">
              <LeadCounsel value={m.lead_counsel} names={names} />
            </dd>
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
      <nav
        aria-label="Matter sections"
        className="sticky top-0 z-10 -mx-1 overflow-x-auto border-b border-slate-300 bg-slate-50 px-1 py-1"
      >
        <ul className="flex gap-1 text-sm">
          {sections
            .filter((x) => x.show)
            .map((x) => (
              <li key={x.id}>
                <a
                  href={`#${x.id}`}
                  className="block whitespace-nowrap rounded px-2 py-1 text-blue-800 hover:bg-slate-200"
                >
                  {x.label}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <HubSection id="overview">
        <DashboardFigures matterId={m.matter_id} can={can} />
        <div className="mt-4 grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
          {can['authority:read'] && (
            <AuthorityPanel
              matterId={m.matter_id}
              status={m.authority_status}
              canWrite={can['authority:write']}
              writable={writable}
            />
          )}
          {can['claimants:read'] && (
            <ClaimantsPanel matterId={m.matter_id} canWrite={can['claimants:write']} writable={writable} />
          )}
        </div>
      </HubSection>
      {can['judgments:read'] && (
        <HubSection id="judgments">
          <JudgmentsPanel
            matterId={m.matter_id}
            currency={economics.currency ?? 'USD'}
            canWrite={can['judgments:write']}
            writable={writable}
            jurisdictions={jurisdictions}
          />
        </HubSection>
      )}
      {can['crypto:read'] && (
        <HubSection id="wallets">
          <HubWallets matterId={m.matter_id} />
        </HubSection>
      )}
      {can['actions:read'] && (
        <HubSection id="actions">
          <HubActions matterId={m.matter_id} />
        </HubSection>
      )}
      {can['packets:read'] && (
        <HubSection id="packets">
          <HubPackets matterId={m.matter_id} />
        </HubSection>
      )}
      {can['monitoring:read'] && (
        <HubSection id="alerts">
          <HubAlerts matterId={m.matter_id} />
        </HubSection>
      )}
      {can['sanctions:read'] && (
        <HubSection id="sanctions">
          <HubSanctions matterId={m.matter_id} />
        </HubSection>
      )}
      {can['reports:read'] && (
        <HubSection id="reports">
          <ReportsPanel matterId={m.matter_id} canWrite={can['reports:write']} canExport={can['reports:export']} />
        </HubSection>
      )}
      {can['issuer:read'] && (
        <IssuerPanel
          matterId={m.matter_id}
          canWrite={can['issuer:write']}
          canApprove={can['issuer:approve']}
          writable={writable}
        />
      )}
      {can['ledger:read'] && (
        <HubSection id="ledger">
          <LedgerPanel matterId={m.matter_id} canWrite={can['ledger:write']} writable={writable} />
        </HubSection>
      )}
      {can['audit:read'] && (
        <HubSection id="audit">
          <AuditPanel matterId={m.matter_id} myUserId={me.user.id} />
        </HubSection>
      )}
    </div>
  );
}

/** A section of the hub, the target of its link in the section bar (kept clear of the sticky bar). */
const HubSection = ({ id, children }: { id: string; children: ReactNode }) => (
  <div id={id} className="scroll-mt-12">
    {children}
  </div>
);

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
