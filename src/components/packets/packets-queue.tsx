'use client';

import { useQuery } from '@tanstack/react-query';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, PageTitle, Td } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { FilterSelect } from '../list/filters';
import { MatterLink, RowLink } from '../list/row-links';
import { CsvButton } from '../list/csv-download';
import { CSV_PAGE } from '../list/csv-pages';
import { useUrlFilters } from '../list/url-filters';
import { LoadingRows } from '../shell/skeleton';
import { MatterPicker, useMatterFilter } from '../names/pickers';
import { useNames } from '../names/use-names';
import { PACKET_STATUS_OPTIONS, PACKET_TYPE_OPTIONS, packetTone } from './labels';

type Status = (typeof PACKET_STATUS_OPTIONS)[number];
type PacketType = (typeof PACKET_TYPE_OPTIONS)[number];

/** Counsel's review queue: packets awaiting review first, filtered by status and type. */
export function PacketsQueue({ environment }: { environment: string }) {
  const trpc = useTRPC();
  // In the URL: a filtered queue survives a reload and can be linked to (the inbox does).
  const filters = useUrlFilters();
  const status = filters.get<Status>('status', PACKET_STATUS_OPTIONS);
  const type = filters.get<PacketType>('type', PACKET_TYPE_OPTIONS);
  const matterId = filters.value('matter_id');
  const listFilters = {
    ...(matterId ? { matter_id: matterId } : {}),
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
  };
  const q = useQuery(trpc.packets.queue.queryOptions(listFilters));
  const rows = q.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((p) => p.matter_id) });
  const toMatter = useMatterFilter();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Packets" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          Packets awaiting review come first, longest waiting at the top. Open one to read its readiness checks,
          contents and rendered PDF, and to approve, reject or record what happened to it.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <MatterPicker id="packet-matter-filter" value={matterId ?? ''} onChange={toMatter} none="All matters" />
        <FilterSelect
          id="packet-status-filter"
          label="Status"
          all="All statuses"
          options={PACKET_STATUS_OPTIONS}
          value={status}
          onChange={(v) => filters.set('status', v)}
        />
        <FilterSelect
          id="packet-type-filter"
          label="Type"
          all="All types"
          options={PACKET_TYPE_OPTIONS}
          value={type}
          onChange={(v) => filters.set('type', v)}
        />
        <CsvButton
          list="packets"
          header={['Packet ID', 'Kind', 'Packet type', 'Status', 'Ready', 'Sender', 'Matter', 'Matter ID', 'Updated']}
          source={{
            // Every packet the filters match (the REST list, newest first), not the queue's first screen.
            fetchPage: (client, cursor) =>
              client.packets.list.query({ ...listFilters, limit: CSV_PAGE, starting_after: cursor }),
            cursorOf: (p) => p.packet_id,
            names: (p) => ({ matter_ids: [p.matter_id] }),
            toRow: (p, n) => [
              p.packet_id,
              p.type,
              p.packet_type,
              p.status,
              p.readiness.ready ? 'yes' : 'no',
              p.authorized_sender.name,
              n.matter(p.matter_id) ?? p.matter_id,
              p.matter_id,
              p.updated_at,
            ],
          }}
        />
      </div>
      {q.data && (
        <p className="text-sm text-slate-700" data-testid="awaiting-count">
          {q.data.awaiting_review} awaiting review
        </p>
      )}
      <ErrorNote error={apiError(q.error)} />
      <DataTable
        caption="Packets"
        columns={['Packet', 'Status', 'Ready', 'Sender', 'Matter', 'Updated']}
        empty={q.data && !rows.length && 'No packets match.'}
        busy={q.isPending}
      >
        {q.isPending && <LoadingRows columns={6} />}
        {rows.map((p) => (
          <tr key={p.packet_id} data-testid="packet-row" className="hover:bg-slate-50">
            <Td>
              <RowLink href={`/packets/${p.packet_id}`}>
                {humanize(p.type)}: {humanize(p.packet_type)}
              </RowLink>
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
              <MatterLink id={p.matter_id} name={names.matter(p.matter_id)} />
            </Td>
            <Td className="whitespace-nowrap">{formatTime(p.updated_at)}</Td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
