'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, Panel, Td } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { RowLink } from '../list/row-links';
import { ACTION_TONE } from '../actions/inputs';
import { alertStatusTone, severityTone } from '../monitoring/labels';
import { packetTone } from '../packets/labels';
import { reviewTone } from '../sanctions/types';
import { PersonName, packetTitle } from '../names/names';
import { useNames } from '../names/use-names';

/** Rows a hub section shows; the rest is one link away, on the list filtered to the matter. */
export const HUB_ROWS = 10;

/** Where the full, matter-filtered list of each section lives (the dashboard cards link there too). */
export const hubHref = {
  actions: (m: string) => `/actions?queue=team&matter_id=${m}`,
  packets: (m: string) => `/packets?matter_id=${m}`,
  alerts: (m: string) => `/alerts?matter_id=${m}`,
  crypto: (m: string) => `/matters/${m}/crypto`,
  sanctions: () => '/sanctions',
};

/** A link under a hub section to the whole list (named so that it reads alone, e.g. in a links list). */
function AllLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-sm text-blue-800 underline">
      {children} →
    </Link>
  );
}

/** The matter's actions, earliest due first, with owners by name. */
export function HubActions({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.actions.list.queryOptions({ matter_id: matterId, limit: HUB_ROWS, sort: 'due_at' }));
  const rows = q.data?.data ?? [];
  const names = useNames({ user_ids: rows.map((a) => a.owner_id) });
  return (
    <Panel
      id="hub-actions"
      title="Actions"
      actions={<AllLink href={hubHref.actions(matterId)}>All actions of this matter</AllLink>}
    >
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Actions of this matter"
        columns={['Action', 'Due', 'Status', 'Owner']}
        empty={q.data && !rows.length && 'No actions yet.'}
        testId="hub-actions-table"
      >
        {rows.map((a) => (
          <tr key={a.action_id} data-testid="hub-action-row">
            <Td>
              <span className="font-medium">{a.title}</span>
              <div>
                <Mono>{a.type}</Mono>
              </div>
            </Td>
            <Td className="whitespace-nowrap">
              {a.due_at ? formatTime(a.due_at) : '—'} {a.overdue && <Badge tone="red">Overdue</Badge>}
            </Td>
            <Td>
              <Badge tone={ACTION_TONE[a.status]}>{humanize(a.status)}</Badge>
            </Td>
            <Td>{a.owner_id ? <PersonName id={a.owner_id} name={names.user(a.owner_id)} /> : 'Unassigned'}</Td>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}

/** The matter's packets: awaiting review first (the review queue's order). */
export function HubPackets({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.packets.queue.queryOptions({ matter_id: matterId }));
  const rows = (q.data?.data ?? []).slice(0, HUB_ROWS);
  return (
    <Panel
      id="hub-packets"
      title="Packets"
      actions={<AllLink href={hubHref.packets(matterId)}>All packets of this matter</AllLink>}
    >
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Packets of this matter"
        columns={['Packet', 'Status', 'Ready', 'Updated']}
        empty={q.data && !rows.length && 'No packets yet.'}
        testId="hub-packets-table"
      >
        {rows.map((p) => (
          <tr key={p.packet_id} data-testid="hub-packet-row">
            <Td>
              <RowLink href={`/packets/${p.packet_id}`}>{packetTitle(p)}</RowLink>
              <div>
                <Mono>{p.packet_id}</Mono>
              </div>
            </Td>
            <Td>
              <Badge tone={packetTone(p.status)}>{humanize(p.status)}</Badge>
            </Td>
            <Td>{p.readiness.ready ? <Badge tone="green">Ready</Badge> : <Badge tone="red">Not ready</Badge>}</Td>
            <Td className="whitespace-nowrap">{formatTime(p.updated_at)}</Td>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}

/** The matter's alerts (new first, most severe first) and the watchlists that raise them. */
export function HubAlerts({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.monitoring.inbox.queryOptions({ matter_id: matterId }));
  const w = useQuery(trpc.monitoring.watchlists.queryOptions({ matter_id: matterId, limit: HUB_ROWS }));
  const rows = (q.data?.data ?? []).slice(0, HUB_ROWS);
  const lists = w.data?.data ?? [];
  return (
    <Panel
      id="hub-alerts"
      title="Alerts and watchlists"
      actions={<AllLink href={hubHref.alerts(matterId)}>All alerts of this matter</AllLink>}
    >
      <ErrorNote error={apiError(q.error) ?? apiError(w.error)} />
      {q.data && (
        <p className="mb-2 text-sm text-slate-700" data-testid="hub-new-alerts">
          {q.data.new_count}
          {q.data.new_count_capped ? '+' : ''} new
        </p>
      )}
      <DataTable
        caption="Alerts of this matter"
        columns={['Alert', 'Severity', 'Status', 'Raised']}
        empty={q.data && !rows.length && 'No alerts.'}
        testId="hub-alerts-table"
      >
        {rows.map((a) => (
          <tr key={a.alert_id} data-testid="hub-alert-row">
            <Td>
              <RowLink href={`/alerts/${a.alert_id}`}>{humanize(a.type)}</RowLink>
              <div className="max-w-xl break-words text-slate-700">{a.reason}</div>
            </Td>
            <Td>
              <Badge tone={severityTone(a.severity)}>{humanize(a.severity)}</Badge>
            </Td>
            <Td>
              <Badge tone={alertStatusTone(a.status)}>{humanize(a.status)}</Badge>
            </Td>
            <Td className="whitespace-nowrap">{formatTime(a.created_at)}</Td>
          </tr>
        ))}
      </DataTable>
      <h3 className="mb-1 mt-3 text-sm font-semibold">Watchlists</h3>
      {w.data && !lists.length ? (
        <p className="text-sm text-slate-700">No watchlists on this matter.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" data-testid="hub-watchlists">
          {lists.map((l) => (
            <li key={l.watchlist_id}>
              <span className="font-medium">{l.name}</span> · {l.addresses.length} address
              {l.addresses.length === 1 ? '' : 'es'} ·{' '}
              <Badge tone={l.status === 'active' ? 'green' : 'slate'}>{humanize(l.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1">
        <AllLink href="/watchlists">All watchlists</AllLink>
      </p>
    </Panel>
  );
}

/** The matter's wallets (the Crypto page holds the asset map, timeline and graph). */
export function HubWallets({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.crypto.overview.queryOptions({ matter_id: matterId }));
  const wallets = (q.data?.wallets ?? []) as { wallet_id: string; address: string; network: string; role: string }[];
  return (
    <Panel
      id="hub-wallets"
      title={`Wallets${q.data ? ` (${wallets.length})` : ''}`}
      actions={<AllLink href={hubHref.crypto(matterId)}>Asset map, timeline and graph</AllLink>}
    >
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Wallets of this matter"
        columns={['Address', 'Network', 'Role']}
        empty={q.data && !wallets.length && 'No wallets yet.'}
        testId="hub-wallets-table"
      >
        {wallets.slice(0, HUB_ROWS).map((w) => (
          <tr key={w.wallet_id}>
            <Td className="break-all">
              <Mono>{w.address}</Mono>
            </Td>
            <Td>{humanize(w.network)}</Td>
            <Td>{humanize(w.role)}</Td>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}

/** The matter's sanctions reviews (with who decided) and its latest screens. */
export function HubSanctions({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const reviews = useQuery(trpc.sanctions.reviews.queryOptions({ matter_id: matterId, limit: HUB_ROWS }));
  const screens = useQuery(trpc.sanctions.screens.queryOptions({ matter_id: matterId, limit: HUB_ROWS }));
  const rows = reviews.data?.data ?? [];
  const names = useNames({ user_ids: rows.map((r) => r.decided_by) });
  const last = screens.data?.data[0];
  return (
    <Panel id="hub-sanctions" title="Sanctions" actions={<AllLink href={hubHref.sanctions()}>Sanctions page</AllLink>}>
      <ErrorNote error={apiError(reviews.error) ?? apiError(screens.error)} />
      {screens.data && (
        <p className="mb-2 text-sm text-slate-700" data-testid="hub-last-screen">
          {last ? `Last screened ${formatTime(last.created_at)}: ${humanize(last.status)}` : 'Not screened yet.'}
        </p>
      )}
      <DataTable
        caption="Sanctions reviews of this matter"
        columns={['Review', 'Status', 'Decision']}
        empty={reviews.data && !rows.length && 'No reviews.'}
        testId="hub-sanctions-table"
      >
        {rows.map((r) => (
          <tr key={r.review_id}>
            <Td>
              <Mono>{r.review_id}</Mono>
              <div className="text-xs text-slate-700">opened {formatTime(r.created_at)}</div>
            </Td>
            <Td>
              <Badge tone={reviewTone(r.status)}>{humanize(r.status)}</Badge>
            </Td>
            <Td>
              {r.decision ? (
                <>
                  {humanize(r.decision)} by{' '}
                  {r.decided_by ? <PersonName id={r.decided_by} name={names.user(r.decided_by)} /> : '—'}
                </>
              ) : (
                '—'
              )}
            </Td>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}
