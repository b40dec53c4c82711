'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Mono, PageTitle, Panel, Select, Td } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { MatterLink } from '../list/row-links';
import { MatterPicker } from '../names/pickers';
import { useNames } from '../names/use-names';
import { CSV_PAGE } from '../list/csv-pages';

/** Watchlists: each with its chains, thresholds and addresses, and a form to create one. */
export function WatchlistsPage({ environment, canWrite }: { environment: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.monitoring.watchlists.queryOptions({ limit: 100 }));
  const [matterId, setMatterId] = useState('');
  const [name, setName] = useState('');
  const [addresses, setAddresses] = useState('');
  const [reason, setReason] = useState('');
  const [minAmount, setMinAmount] = useState('');
  const [hops, setHops] = useState<'1' | '2'>('1');
  const create = useMutation(
    trpc.monitoring.createWatchlist.mutationOptions({
      onSuccess: () => {
        setName('');
        setAddresses('');
        setReason('');
        setMinAmount('');
        void qc.invalidateQueries({ queryKey: trpc.monitoring.watchlists.queryKey() });
      },
    }),
  );
  const list = addresses
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const submit = () =>
    create.mutate({
      matter_id: matterId.trim(),
      name: name.trim(),
      chains: ['ethereum'],
      thresholds: {
        ...(minAmount.trim() ? { min_amount: minAmount.trim() } : {}),
        exchange_hops: hops === '2' ? 2 : 1,
      },
      ...(list.length ? { addresses: list, reason: reason.trim() } : {}),
    });
  const rows = q.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((w) => w.matter_id) });
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageTitle title="Watchlists" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          Addresses watched per matter. Their thresholds derive the alert rules the scanner applies.
        </p>
      </div>
      {canWrite && (
        <Panel title="New watchlist">
          <div className="flex flex-wrap items-end gap-3">
            <MatterPicker id="wl-matter" value={matterId} onChange={setMatterId} />
            <Field id="wl-name" label="Name">
              <Input id="wl-name" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field id="wl-addresses" label="Addresses (Ethereum)">
              <Input
                id="wl-addresses"
                value={addresses}
                onChange={(e) => setAddresses(e.target.value)}
                placeholder="0x…, 0x…"
              />
            </Field>
            <Field id="wl-reason" label="Reason">
              <Input id="wl-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <Field id="wl-min" label="Minimum amount">
              <Input id="wl-min" value={minAmount} onChange={(e) => setMinAmount(e.target.value)} placeholder="1000" />
            </Field>
            <Field id="wl-hops" label="Exchange hops">
              <Select id="wl-hops" value={hops} onChange={(e) => setHops(e.target.value as '1' | '2')}>
                <option value="1">1</option>
                <option value="2">2</option>
              </Select>
            </Field>
            <Button
              data-testid="create-watchlist"
              disabled={create.isPending || !matterId.trim() || !name.trim()}
              onClick={submit}
            >
              Create
            </Button>
          </div>
          <ErrorNote error={apiError(create.error)} />
        </Panel>
      )}
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Watchlists"
        csv={{
          list: 'watchlists',
          header: ['Watchlist ID', 'Name', 'Status', 'Chains', 'Addresses', 'Matter', 'Matter ID', 'Created'],
          source: {
            fetchPage: (client, cursor) =>
              client.monitoring.watchlists.query({ limit: CSV_PAGE, starting_after: cursor }),
            cursorOf: (w) => w.watchlist_id,
            names: (w) => ({ matter_ids: [w.matter_id] }),
            toRow: (w, n) => [
              w.watchlist_id,
              w.name,
              w.status,
              w.chains.join(' '),
              w.addresses.join(' '),
              n.matter(w.matter_id) ?? w.matter_id,
              w.matter_id,
              w.created_at,
            ],
          },
        }}
        columns={['Watchlist', 'Status', 'Chains', 'Thresholds', 'Addresses', 'Matter', 'Created']}
        empty={q.data && !rows.length && 'No watchlists yet.'}
      >
        {rows.map((w) => (
          <tr key={w.watchlist_id} data-testid="watchlist-row">
            <Td>
              <span className="font-medium">{w.name}</span>
              <div>
                <Mono>{w.watchlist_id}</Mono>
              </div>
            </Td>
            <Td>
              <Badge tone={w.status === 'active' ? 'green' : 'slate'}>{humanize(w.status)}</Badge>
            </Td>
            <Td>{w.chains.join(', ')}</Td>
            <Td className="whitespace-nowrap">
              {w.thresholds.min_amount !== undefined && <div>min {String(w.thresholds.min_amount)}</div>}
              {w.thresholds.min_usd !== undefined && <div>min ${String(w.thresholds.min_usd)}</div>}
              <div>
                {w.thresholds.exchange_hops} hop{w.thresholds.exchange_hops === 1 ? '' : 's'} ·{' '}
                {w.thresholds.deadline_days} days
              </div>
            </Td>
            <Td>
              {w.addresses.map((a) => (
                <div key={a}>
                  <Mono>{a}</Mono>
                </div>
              ))}
            </Td>
            <Td>
              <MatterLink id={w.matter_id} name={names.matter(w.matter_id)} />
            </Td>
            <Td className="whitespace-nowrap">{formatTime(w.created_at)}</Td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
