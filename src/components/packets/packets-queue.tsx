'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Field, Mono, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { PACKET_STATUS_OPTIONS, PACKET_TYPE_OPTIONS, packetTone } from './labels';

type Status = (typeof PACKET_STATUS_OPTIONS)[number];
type PacketType = (typeof PACKET_TYPE_OPTIONS)[number];

/** Counsel's review queue: packets awaiting review first, filtered by status and type. */
export function PacketsQueue({ environment }: { environment: string }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | ''>('');
  const [type, setType] = useState<PacketType | ''>('');
  const q = useQuery(trpc.packets.queue.queryOptions({ ...(status ? { status } : {}), ...(type ? { type } : {}) }));
  const rows = q.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h1 className="text-lg font-semibold">
          Packets <span className="text-sm font-normal text-slate-600">({environment})</span>
        </h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Packets awaiting review come first, longest waiting at the top. Open one to read its readiness checks,
          contents and rendered PDF, and to approve, reject or record what happened to it.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Field id="packet-status-filter" label="Status">
          <Select id="packet-status-filter" value={status} onChange={(e) => setStatus(e.target.value as Status | '')}>
            <option value="">All statuses</option>
            {PACKET_STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="packet-type-filter" label="Type">
          <Select id="packet-type-filter" value={type} onChange={(e) => setType(e.target.value as PacketType | '')}>
            <option value="">All types</option>
            {PACKET_TYPE_OPTIONS.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {q.data && (
        <p className="text-sm text-slate-700" data-testid="awaiting-count">
          {q.data.awaiting_review} awaiting review
        </p>
      )}
      <ErrorNote error={apiError(q.error)} />
      <div className="overflow-x-auto rounded border border-slate-300 bg-white">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Packets</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Packet</Th>
              <Th>Status</Th>
              <Th>Ready</Th>
              <Th>Sender</Th>
              <Th>Matter</Th>
              <Th>Updated</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.packet_id} data-testid="packet-row" className="hover:bg-slate-50">
                <Td>
                  <Link
                    href={`/packets/${p.packet_id}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {humanize(p.type)}: {humanize(p.packet_type)}
                  </Link>
                  <div>
                    <Mono>{p.packet_id}</Mono>
                  </div>
                </Td>
                <Td>
                  <Badge tone={packetTone(p.status)}>{humanize(p.status)}</Badge>
                </Td>
                <Td>
                  {p.readiness.ready ? (
                    <Badge tone="green">Ready</Badge>
                  ) : (
                    <Badge tone="red">Not ready ({p.readiness.missing_items.length})</Badge>
                  )}
                </Td>
                <Td>{p.authorized_sender.name}</Td>
                <Td>
                  <Link href={`/matters/${p.matter_id}`} className="text-blue-800 hover:underline">
                    <Mono>{p.matter_id}</Mono>
                  </Link>
                </Td>
                <Td className="whitespace-nowrap">{formatTime(p.updated_at)}</Td>
              </tr>
            ))}
            {!rows.length && q.data && (
              <tr>
                <Td colSpan={6} className="py-6 text-center text-slate-600">
                  No packets match.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
