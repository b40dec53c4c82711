'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useState, type FormEvent } from 'react';
import type { ConsoleMe } from '@/app/(console)/console-user';
import { apiError, useTRPC } from '@/trpc/react';
import { CopyId } from '../names/names';
import { Badge, Button, ErrorNote, Field, Input, Mono, Panel, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { BuildProgress } from './progress';
import type { AssetMap, Graph, TimelineEvent, TokenExposure } from './types';
import { ScrollX } from '@/components/list/scroll-x';

// Browser-only libraries (they measure the DOM): loaded on the client, bundled from npm.
const AttributionGraph = dynamic(() => import('./attribution-graph').then((m) => m.AttributionGraph), { ssr: false });
const TimelineChart = dynamic(() => import('./timeline-chart').then((m) => m.TimelineChart), { ssr: false });

const NETWORKS = [
  'ethereum',
  'bsc',
  'polygon',
  'arbitrum',
  'optimism',
  'base',
  'avalanche',
  'bitcoin',
  'tron',
] as const;
const ROLES = ['debtor_owned', 'debtor_controlled', 'counterparty', 'exchange_deposit', 'unknown'] as const;
const PREDICATES = ['controls', 'owns', 'deposited_to', 'transacted_with', 'alias_of', 'associated_with'] as const;
const SOURCE_TYPES = [
  'onchain',
  'exchange_response',
  'court_filing',
  'osint',
  'network_signal',
  'user_assertion',
] as const;

const confidenceTone = (label?: string) =>
  label === 'confirmed' || label === 'strong' ? 'green' : label === 'moderate' ? 'amber' : 'red';

/** The matter's Crypto page: wallets, asset map, timeline chart and attribution graph. */
export function CryptoView({ matterId, me }: { matterId: string; me: ConsoleMe }) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.crypto.overview.queryOptions({ matter_id: matterId }));
  // The matter's name titles the page (its id, small and copyable, beside it).
  const matter = useQuery(trpc.matters.get.queryOptions({ matter_id: matterId }));
  const o = overview.data;
  if (!o) return <ErrorNote error={apiError(overview.error)} />;
  const canMap = me.permissions['crypto:map'];
  const canWrite = me.permissions['attribution:write'];
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <Link href="/matters" className="text-blue-800 underline">
          Matters
        </Link>{' '}
        /{' '}
        <Link href={`/matters/${matterId}`} className="text-blue-800 underline">
          {matter.data?.name ?? 'Matter'}
        </Link>{' '}
        / Crypto
      </nav>
      <div className="flex flex-wrap items-baseline gap-2">
        <h1 className="text-lg font-semibold">Crypto · {matter.data?.name ?? 'Matter'}</h1>
        <CopyId id={matterId} />
      </div>
      <WalletsPanel matterId={matterId} wallets={o.wallets as never[]} canWrite={!!canWrite} />
      <AssetMapPanel
        matterId={matterId}
        map={o.asset_map as AssetMap | null}
        canBuild={!!canMap}
        hasWallets={o.wallets.length > 0}
      />
      {me.permissions['crypto:timeline'] && (
        <TimelinePanel
          matterId={matterId}
          hasWallets={o.wallets.length > 0}
          exposures={(o.asset_map as AssetMap | null)?.token_exposures ?? []}
        />
      )}
      <GraphPanel
        matterId={matterId}
        graph={o.graph as Graph | null}
        canBuild={!!me.permissions['attribution:graph']}
        canClaim={!!canWrite}
      />
    </div>
  );
}

function useOverviewRefresh(matterId: string) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.crypto.overview.queryKey({ matter_id: matterId }) });
}

function WalletsPanel({
  matterId,
  wallets,
  canWrite,
}: {
  matterId: string;
  wallets: { wallet_id: string; address: string; network: string; role: string }[];
  canWrite: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useOverviewRefresh(matterId);
  const [f, setF] = useState({ address: '', network: 'ethereum', role: 'debtor_owned' });
  const add = useMutation(
    trpc.crypto.importWallets.mutationOptions({
      onSuccess: async () => {
        setF({ ...f, address: '' });
        await refresh();
      },
    }),
  );
  const err = apiError(add.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate({
      matter_id: matterId,
      wallets: [
        {
          address: f.address.trim(),
          network: f.network as (typeof NETWORKS)[number],
          role: f.role as (typeof ROLES)[number],
        },
      ],
    });
  }
  return (
    <Panel title={`Wallets (${wallets.length})`} id="wallets">
      <ScrollX label="Wallets">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <Th>Address</Th>
              <Th>Network</Th>
              <Th>Role</Th>
            </tr>
          </thead>
          <tbody>
            {wallets.map((w) => (
              <tr key={w.wallet_id}>
                <Td>
                  <Mono>{w.address}</Mono>
                </Td>
                <Td>{w.network}</Td>
                <Td>{humanize(w.role)}</Td>
              </tr>
            ))}
            {!wallets.length && (
              <tr>
                <Td colSpan={3} className="text-slate-700">
                  No wallets imported yet.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
      {canWrite && (
        <form
          onSubmit={submit}
          aria-label="Import wallet"
          className="mt-3 grid grid-cols-1 gap-2 md:grid-cols-4"
          noValidate
        >
          <Field
            id="wallet-address"
            label="Wallet address"
            error={err?.param?.startsWith('wallets') ? err.message : null}
            className="md:col-span-2"
          >
            <Input
              id="wallet-address"
              value={f.address}
              onChange={(e) => setF({ ...f, address: e.target.value })}
              placeholder="0x…, bc1…, T…"
              aria-invalid={!!err}
            />
          </Field>
          <Field id="wallet-network" label="Network">
            <Select id="wallet-network" value={f.network} onChange={(e) => setF({ ...f, network: e.target.value })}>
              {NETWORKS.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </Select>
          </Field>
          <Field id="wallet-role" label="Role">
            <Select id="wallet-role" value={f.role} onChange={(e) => setF({ ...f, role: e.target.value })}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {humanize(r)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-center gap-2 md:col-span-4">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Importing…' : 'Import wallet'}
            </Button>
            {err && !err.param?.startsWith('wallets') && <ErrorNote error={err} />}
          </div>
        </form>
      )}
    </Panel>
  );
}

function Manifest({ entries }: { entries: AssetMap['source_manifest'] }) {
  return (
    <details className="mt-2 text-xs text-slate-700">
      <summary>Sources ({entries.length})</summary>
      <ul className="ml-4 list-disc">
        {entries.map((m) => (
          <li key={`${m.source}-${m.network}`}>
            {m.source} · {m.network}
            {m.block_number !== null ? ` · block ${m.block_number}` : ''} · as of {formatTime(m.as_of)}
            {m.missing_source ? ` · ${m.missing_source}` : ''}
            <div className="text-slate-600">{m.datasets.join('; ')}</div>
          </li>
        ))}
      </ul>
    </details>
  );
}

function AssetMapPanel({
  matterId,
  map,
  canBuild,
  hasWallets,
}: {
  matterId: string;
  map: AssetMap | null;
  canBuild: boolean;
  hasWallets: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useOverviewRefresh(matterId);
  const build = useMutation(trpc.crypto.buildAssetMap.mutationOptions({ onSuccess: refresh }));
  const m = (build.data as AssetMap | undefined) ?? map;
  // Display sums only (the API's known_exposure is the exact figure): pegged stablecoins, and apart
  // native coins at their dated close.
  const sum = (basis: string) =>
    m?.token_exposures.reduce((s, t) => (t.valuation_basis === basis ? s + Number(t.usd_value ?? 0) : s), 0) ?? 0;
  const total = sum('peg');
  const closes = sum('daily_close');
  return (
    <Panel
      title="Asset map"
      id="asset-map"
      actions={
        canBuild && (
          <Button onClick={() => build.mutate({ matter_id: matterId })} disabled={build.isPending || !hasWallets}>
            {build.isPending ? 'Building…' : 'Build asset map'}
          </Button>
        )
      }
    >
      <BuildProgress
        label="Asset map"
        steps={[
          'reading balances',
          'reading transfer histories',
          'matching exchange labels',
          'joining stablecoin issuers',
          'storing the map',
        ]}
        running={build.isPending}
      />
      <ErrorNote error={apiError(build.error)} />
      {!m && <p className="text-sm text-slate-700">{hasWallets ? 'No asset map yet.' : 'Import wallets first.'}</p>}
      {m && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Mono>{m.map_id}</Mono>
            <span>
              Known value at peg:{' '}
              <strong data-testid="asset-map-value">
                {total.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}
              </strong>
            </span>
            {closes > 0 && (
              <span>
                At dated closes:{' '}
                <strong data-testid="asset-map-close-value">
                  {closes.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}
                </strong>
              </span>
            )}
            {m.review_state.review_required && <Badge tone="amber">Review required</Badge>}
          </div>
          {m.review_state.review_notes && <p className="text-xs text-slate-700">{m.review_state.review_notes}</p>}
          <ScrollX label="Holdings">
            <table className="w-full text-sm" aria-label="Holdings">
              <thead>
                <tr>
                  <Th>Asset</Th>
                  <Th>Network</Th>
                  <Th>Wallet</Th>
                  <Th className="text-right">Amount</Th>
                  <Th className="text-right">USD value</Th>
                </tr>
              </thead>
              <tbody>
                {m.token_exposures.map((t, i) => (
                  <tr key={i}>
                    <Td>{t.asset}</Td>
                    <Td>{t.network}</Td>
                    <Td>
                      <Mono>{t.wallet}</Mono>
                    </Td>
                    <Td className="text-right">{t.amount}</Td>
                    <Td className="text-right">
                      {t.usd_value === null
                        ? t.token_status === 'unverified'
                          ? '— (unverified token)'
                          : '—'
                        : `${t.usd_value} (${t.valuation_basis}${t.price_date ? ` ${t.price_date}` : ''})`}
                    </Td>
                  </tr>
                ))}
                {!m.token_exposures.length && (
                  <tr>
                    <Td colSpan={5} className="text-slate-700">
                      No holdings read.
                    </Td>
                  </tr>
                )}
              </tbody>
            </table>
          </ScrollX>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">Exchange hypotheses</h3>
          <ScrollX label="Exchange hypotheses">
            <table className="w-full text-sm" aria-label="Exchange hypotheses">
              <thead>
                <tr>
                  <Th>Exchange</Th>
                  <Th>Basis</Th>
                  <Th>Confidence</Th>
                  <Th>Packet readiness</Th>
                  <Th>Wallet</Th>
                </tr>
              </thead>
              <tbody>
                {m.exchange_hypotheses.map((h) => (
                  <tr key={h.hypothesis_id}>
                    <Td>{h.exchange}</Td>
                    <Td>{humanize(h.basis)}</Td>
                    <Td>
                      <span title={h.confidence_basis}>{h.confidence}</span>
                    </Td>
                    <Td>
                      <Badge tone={h.packet_readiness === 'ready' ? 'green' : 'amber'}>
                        {humanize(h.packet_readiness)}
                      </Badge>
                    </Td>
                    <Td>
                      <Mono>{h.wallet}</Mono>
                    </Td>
                  </tr>
                ))}
                {!m.exchange_hypotheses.length && (
                  <tr>
                    <Td colSpan={5} className="text-slate-700">
                      No exchange hypotheses.
                    </Td>
                  </tr>
                )}
              </tbody>
            </table>
          </ScrollX>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">Stablecoin exposure</h3>
          <ScrollX label="Stablecoin exposure">
            <table className="w-full text-sm" aria-label="Stablecoin exposure">
              <thead>
                <tr>
                  <Th>Asset</Th>
                  <Th>Issuer</Th>
                  <Th className="text-right">Amount</Th>
                  <Th>Freeze capability</Th>
                </tr>
              </thead>
              <tbody>
                {m.stablecoin_exposure.map((s, i) => (
                  <tr key={i}>
                    <Td>
                      {s.asset} · {s.network}
                    </Td>
                    <Td>{s.issuer}</Td>
                    <Td className="text-right">{s.amount}</Td>
                    <Td className="text-xs">
                      {s.freeze_capability_notes}
                      {s.review_required && (
                        <>
                          {' '}
                          <Badge tone="amber">Review</Badge>
                        </>
                      )}
                    </Td>
                  </tr>
                ))}
                {!m.stablecoin_exposure.length && (
                  <tr>
                    <Td colSpan={4} className="text-slate-700">
                      No stablecoin holdings.
                    </Td>
                  </tr>
                )}
              </tbody>
            </table>
          </ScrollX>
          <Manifest entries={m.source_manifest} />
        </div>
      )}
    </Panel>
  );
}

function TimelinePanel({
  matterId,
  hasWallets,
  exposures,
}: {
  matterId: string;
  hasWallets: boolean;
  exposures: TokenExposure[];
}) {
  const trpc = useTRPC();
  const [range, setRange] = useState({ from: '', to: '' });
  const build = useMutation(trpc.crypto.timeline.mutationOptions());
  const events = (build.data as { events?: TimelineEvent[] } | undefined)?.events ?? [];
  const iso = (v: string) => (v ? new Date(v).toISOString() : undefined);
  const err = apiError(build.error);
  return (
    <Panel title="Timeline" id="timeline">
      <form
        aria-label="Build timeline"
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          build.mutate({ matter_id: matterId, from: iso(range.from), to: iso(range.to) });
        }}
      >
        <Field id="timeline-from" label="From" error={err?.param === 'from' ? err.message : null}>
          <Input
            id="timeline-from"
            type="datetime-local"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
            className="w-56"
          />
        </Field>
        <Field id="timeline-to" label="To">
          <Input
            id="timeline-to"
            type="datetime-local"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
            className="w-56"
          />
        </Field>
        <Button type="submit" disabled={build.isPending || !hasWallets}>
          {build.isPending ? 'Building…' : 'Build timeline'}
        </Button>
      </form>
      <BuildProgress
        label="Timeline"
        steps={['reading transfers', 'naming counterparties']}
        running={build.isPending}
      />
      {err && err.param !== 'from' && <ErrorNote error={err} />}
      {build.data && (
        <>
          <TimelineChart events={events} exposures={exposures} />
          <ScrollX label="Timeline events">
            <table className="mt-2 w-full text-sm" aria-label="Timeline events">
              <thead>
                <tr>
                  <Th>Time</Th>
                  <Th>From</Th>
                  <Th>To</Th>
                  <Th className="text-right">Amount</Th>
                  <Th>Notes</Th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={`${e.transaction_hash}-${e.from_address}-${e.to_address}`}>
                    <Td>{formatTime(e.timestamp)}</Td>
                    <Td>
                      <Mono>{e.from_address}</Mono>
                    </Td>
                    <Td>
                      <Mono>{e.to_address}</Mono>
                    </Td>
                    <Td className="text-right">
                      {e.amount} {e.asset}
                    </Td>
                    <Td className="text-xs">{e.notes.join('; ')}</Td>
                  </tr>
                ))}
                {!events.length && (
                  <tr>
                    <Td colSpan={5} className="text-slate-700">
                      No transfers in this range.
                    </Td>
                  </tr>
                )}
              </tbody>
            </table>
          </ScrollX>
        </>
      )}
    </Panel>
  );
}

function GraphPanel({
  matterId,
  graph,
  canBuild,
  canClaim,
}: {
  matterId: string;
  graph: Graph | null;
  canBuild: boolean;
  canClaim: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useOverviewRefresh(matterId);
  const build = useMutation(trpc.crypto.buildGraph.mutationOptions({ onSuccess: refresh }));
  const g = (build.data as Graph | undefined) ?? graph;
  const [selected, setSelected] = useState<string | null>(null);
  const onSelect = useCallback((id: string | null) => setSelected(id), []);
  const node = g?.nodes.find((n) => n.id === selected) ?? null;
  const scores = new Map(g?.confidence_matrix.map((x) => [x.claim_id, x]) ?? []);
  return (
    <Panel
      title="Attribution graph"
      id="graph"
      actions={
        canBuild && (
          <Button
            onClick={() => build.mutate({ matter_id: matterId, include_contradictions: true })}
            disabled={build.isPending}
          >
            {build.isPending ? 'Building…' : 'Build graph'}
          </Button>
        )
      }
    >
      <BuildProgress
        label="Graph"
        steps={[
          'reading transfers',
          'aggregating flows',
          'scoring claims',
          'finding contradictions',
          'storing the graph',
        ]}
        running={build.isPending}
      />
      <ErrorNote error={apiError(build.error)} />
      {!g && <p className="text-sm text-slate-700">No graph yet.</p>}
      {g && (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <AttributionGraph graph={g} onSelect={onSelect} />
            {g.contradictions.length > 0 && (
              <p className="mt-1 text-xs text-red-800">
                {g.contradiction_summary?.groups ?? g.contradictions.length} contested object(s):{' '}
                {g.contradictions.map((c) => c.reason).join('; ')}
                {g.contradiction_summary?.groups_left_out ? ` and ${g.contradiction_summary.groups_left_out} more` : ''}
              </p>
            )}
          </div>
          <aside aria-label="Selected node" data-testid="node-details" className="text-sm">
            {!node && <p className="text-slate-700">Click a node to see its claims and sources.</p>}
            {node && (
              <div className="flex flex-col gap-2">
                <div>
                  <Badge>{humanize(node.kind)}</Badge> <Mono>{node.label}</Mono>
                </div>
                {node.notes.length > 0 && (
                  <ul className="list-disc pl-4 text-xs">
                    {node.notes.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                )}
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                  Claims ({node.claim_ids.length})
                </h3>
                {g.claims
                  .filter((c) => node.claim_ids.includes(c.claim_id))
                  .map((c) => {
                    const s = scores.get(c.claim_id);
                    return (
                      <div key={c.claim_id} className="rounded border border-slate-200 p-2 text-xs">
                        <div>
                          {c.subject} <strong>{c.predicate}</strong> <span className="break-all">{c.object}</span>
                        </div>
                        <div className="mt-1">
                          {humanize(c.source_type)} ·{' '}
                          <Badge tone={confidenceTone(s?.label)}>
                            {humanize(s?.label ?? '')} {s?.score}
                          </Badge>
                        </div>
                        {s && <div className="mt-1 text-slate-600">{s.basis.join('; ')}</div>}
                        {c.source_refs.length > 0 && (
                          <div className="mt-1">
                            Sources: {c.source_refs.map((r) => r.title ?? r.uri ?? r.source_type).join('; ')}
                          </div>
                        )}
                      </div>
                    );
                  })}
              </div>
            )}
          </aside>
        </div>
      )}
      {canClaim && <ClaimForm matterId={matterId} />}
    </Panel>
  );
}

function ClaimForm({ matterId }: { matterId: string }) {
  const trpc = useTRPC();
  const [f, setF] = useState({ subject: '', predicate: 'owns', object: '', source_type: 'exchange_response' });
  const add = useMutation(
    trpc.crypto.createClaim.mutationOptions({ onSuccess: () => setF({ ...f, subject: '', object: '' }) }),
  );
  const err = apiError(add.error);
  return (
    <form
      aria-label="Add claim"
      className="mt-3 grid grid-cols-1 gap-2 border-t border-slate-200 pt-3 md:grid-cols-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({
          matter_id: matterId,
          subject: f.subject,
          predicate: f.predicate as (typeof PREDICATES)[number],
          object: f.object,
          source_type: f.source_type as (typeof SOURCE_TYPES)[number],
        });
      }}
    >
      <Field id="claim-subject" label="Subject">
        <Input
          id="claim-subject"
          value={f.subject}
          onChange={(e) => setF({ ...f, subject: e.target.value })}
          placeholder="Jane Debtor"
        />
      </Field>
      <Field id="claim-predicate" label="Predicate">
        <Select id="claim-predicate" value={f.predicate} onChange={(e) => setF({ ...f, predicate: e.target.value })}>
          {PREDICATES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </Select>
      </Field>
      <Field id="claim-object" label="Object">
        <Input
          id="claim-object"
          value={f.object}
          onChange={(e) => setF({ ...f, object: e.target.value })}
          placeholder="0x… or a name"
        />
      </Field>
      <Field id="claim-source" label="Source type">
        <Select id="claim-source" value={f.source_type} onChange={(e) => setF({ ...f, source_type: e.target.value })}>
          {SOURCE_TYPES.map((p) => (
            <option key={p} value={p}>
              {humanize(p)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex items-center gap-2 md:col-span-4">
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Add claim
        </Button>
        {add.isSuccess && (
          <span role="status" className="text-xs text-slate-700">
            Claim added; rebuild the graph to see it.
          </span>
        )}
        <ErrorNote error={err} />
      </div>
    </form>
  );
}
