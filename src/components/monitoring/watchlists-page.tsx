'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Mono, Panel, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';

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
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-lg font-semibold">
          Watchlists <span className="text-sm font-normal text-slate-600">({environment})</span>
        </h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Addresses watched per matter. Their thresholds derive the alert rules the scanner applies.
        </p>
      </div>
      {canWrite && (
        <Panel title="New watchlist">
          <div className="flex flex-wrap items-end gap-3">
            <Field id="wl-matter" label="Matter id">
              <Input
                id="wl-matter"
                value={matterId}
                onChange={(e) => setMatterId(e.target.value)}
                placeholder="mtr_…"
              />
            </Field>
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
      <div className="overflow-x-auto rounded border border-slate-300 bg-white">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Watchlists</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Watchlist</Th>
              <Th>Status</Th>
              <Th>Chains</Th>
              <Th>Thresholds</Th>
              <Th>Addresses</Th>
              <Th>Matter</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody>
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
                  <Link href={`/matters/${w.matter_id}`} className="text-blue-800 hover:underline">
                    <Mono>{w.matter_id}</Mono>
                  </Link>
                </Td>
                <Td className="whitespace-nowrap">{formatTime(w.created_at)}</Td>
              </tr>
            ))}
            {!rows.length && q.data && (
              <tr>
                <Td colSpan={7} className="py-6 text-center text-slate-600">
                  No watchlists yet.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
