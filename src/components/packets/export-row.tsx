'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, Td } from '../ui';
import { humanize } from '../format';
import { packetTone } from './labels';

/** One export: polls until it is ready or failed, then offers its fresh signed link. */
export function ExportRow({
  exportId,
  onReady,
}: {
  exportId: string;
  onReady?: (e: { format: string; download_url: string | null }) => void;
}) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.packets.getExport.queryOptions({ export_id: exportId }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 500 : false),
  });
  const e = q.data;
  const url = e?.status === 'ready' ? e.download_url : null;
  useEffect(() => {
    if (url && e) onReady?.(e);
  }, [url]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <tr data-testid="export-row">
      <Td>{e ? e.format.toUpperCase() : '…'}</Td>
      <Td>{e ? humanize(e.redaction_profile) : ''}</Td>
      <Td>
        {e && <Badge tone={packetTone(e.status)}>{humanize(e.status)}</Badge>}
        <ErrorNote error={apiError(q.error)} />
      </Td>
      <Td>{e?.sha256 ? <Mono>{e.sha256.slice(0, 16)}…</Mono> : ''}</Td>
      <Td>
        {e?.download_url ? (
          <a href={e.download_url} className="text-blue-800 underline" data-testid="download-link">
            Download ({Math.ceil((e.size_bytes ?? 0) / 1024)} KB)
          </a>
        ) : e?.status === 'failed' ? (
          e.failure_reason
        ) : (
          ''
        )}
      </Td>
    </tr>
  );
}
