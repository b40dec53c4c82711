'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Mono, PageTitle, Td, Th } from '../ui';
import { formatTime } from '../format';
import { EndpointControls } from './endpoint-controls';
import { NewEndpointForm } from './new-endpoint-form';
import { endpointsInput, pageCursors, type Cursor } from './inputs';
import { EndpointStatus } from './health-note';
import { CsvButton } from '../list/csv-download';
import { CSV_PAGE } from '../list/csv-pages';
import { ScrollX } from '@/components/list/scroll-x';

export const eventsLabel = (enabled: string[]) => (enabled.includes('*') ? 'All events' : enabled.join(', '));

/** The environment's webhook endpoints, newest first, with the add form and per-row controls. */
export function EndpointsList({ environment, canWrite }: { environment: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const [cursor, setCursor] = useState<Cursor>(null);
  const list = useQuery(trpc.webhooks.list.queryOptions(endpointsInput(cursor)));
  const rows = list.data?.data ?? [];
  const { older, newer } = pageCursors(rows, (e) => e.webhook_endpoint_id, cursor, list.data?.has_more ?? false);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Webhooks" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          Endpoints receive a signed POST for every event of this environment they subscribe to, from every matter. Each
          attempt is listed on the endpoint&apos;s page, where an event can be sent again.
        </p>
      </div>
      {canWrite && <NewEndpointForm />}
      <div className="flex justify-end">
        <CsvButton
          list="webhook-endpoints"
          header={['Endpoint ID', 'URL', 'Events', 'Status', 'Failing since', 'Last error', 'Created']}
          source={{
            fetchPage: (client, cursor) =>
              client.webhooks.list.query({ ...endpointsInput(), limit: CSV_PAGE, starting_after: cursor }),
            cursorOf: (e) => e.webhook_endpoint_id,
            toRow: (e) => [
              e.webhook_endpoint_id,
              e.url,
              e.enabled_events.join(' '),
              e.status,
              e.health?.failing_since,
              e.health?.last_failure?.error,
              e.created_at,
            ],
          }}
        />
      </div>
      <ErrorNote error={apiError(list.error)} />
      <ScrollX label="Webhook endpoints" className="rounded border border-slate-300 bg-white">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Webhook endpoints</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>URL</Th>
              <Th>Events</Th>
              <Th>Status</Th>
              <Th>Created</Th>
              <Th>ID</Th>
              {canWrite && <Th>Enabled / delete</Th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.webhook_endpoint_id} data-testid="endpoint-row" className="hover:bg-slate-50">
                <Td className="max-w-md break-all">
                  <Link
                    href={`/webhooks/${e.webhook_endpoint_id}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {e.url}
                  </Link>
                </Td>
                <Td className="max-w-xs text-xs">{eventsLabel(e.enabled_events)}</Td>
                <Td>
                  <EndpointStatus status={e.status} disabledReason={e.disabled_reason} health={e.health} />
                </Td>
                <Td className="whitespace-nowrap">{formatTime(e.created_at)}</Td>
                <Td>
                  <Mono>{e.webhook_endpoint_id}</Mono>
                </Td>
                {canWrite && (
                  <Td>
                    <EndpointControls
                      id={e.webhook_endpoint_id}
                      url={e.url}
                      status={e.status}
                      label={`Enabled: ${e.url}`}
                    />
                  </Td>
                )}
              </tr>
            ))}
            {!rows.length && list.data && (
              <tr>
                <Td colSpan={canWrite ? 6 : 5} className="py-6 text-center text-slate-600">
                  No webhook endpoints in this environment{cursor ? ' on this page' : ' yet'}.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
      <nav aria-label="Pages" className="flex gap-2 text-sm">
        {cursor && (
          <Button variant="secondary" onClick={() => setCursor(null)}>
            Latest
          </Button>
        )}
        {newer && (
          <Button variant="secondary" onClick={() => setCursor(newer)}>
            ← Newer
          </Button>
        )}
        {older && (
          <Button variant="secondary" onClick={() => setCursor(older)}>
            Older →
          </Button>
        )}
      </nav>
    </div>
  );
}
