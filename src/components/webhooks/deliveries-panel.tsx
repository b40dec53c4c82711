'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, Panel, Td, Th } from '../ui';
import { humanize } from '../format';
import { deliveriesInput, formatSeconds, pageCursors, webhookTone, type Cursor } from './inputs';
import { ScrollX } from '@/components/list/scroll-x';

/** While an attempt is pending the list follows it closely; otherwise the first page refreshes slowly. */
const PENDING_REFRESH_MS = 2_000;
const IDLE_REFRESH_MS = 15_000;

/**
 * An endpoint's delivery attempts, newest first, with keyset paging. Each event's newest
 * attempt on the page has a Resend button (POST /v1/events/{id}/resend to this endpoint only);
 * the new attempt then appears at the top.
 */
export function DeliveriesPanel({
  endpointId,
  enabled,
  canResend,
}: {
  endpointId: string;
  enabled: boolean;
  canResend: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [cursor, setCursor] = useState<Cursor>(null);
  const list = useQuery({
    ...trpc.webhooks.deliveries.queryOptions(deliveriesInput(endpointId, cursor)),
    refetchInterval: (q) =>
      q.state.data?.data.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : cursor ? false : IDLE_REFRESH_MS,
  });
  const [queued, setQueued] = useState<string | null>(null);
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: async (r) => {
        setQueued(r.id);
        setCursor(null);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
      },
    }),
  );
  const rows = list.data?.data ?? [];
  const { older, newer } = pageCursors(rows, (d) => d.delivery_id, cursor, list.data?.has_more ?? false);
  // One Resend per event: on its newest attempt of the page (rows read newest first).
  const newestOfEvent = new Set<string>();
  const seen = new Set<string>();
  for (const d of rows)
    if (!seen.has(d.event_id)) {
      seen.add(d.event_id);
      newestOfEvent.add(d.delivery_id);
    }
  return (
    <Panel
      id="deliveries"
      title="Recent deliveries"
      actions={
        <Button variant="secondary" onClick={() => list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      {!enabled && canResend && (
        <p className="mb-2 text-sm text-slate-700">
          This endpoint is disabled: it receives nothing, and events cannot be resent to it until it is enabled again.
        </p>
      )}
      <ErrorNote error={apiError(list.error) ?? apiError(resend.error)} />
      {queued && !resend.error && (
        <p role="status" className="mb-2 text-sm text-green-900">
          Event <Mono>{queued}</Mono> queued again to this endpoint.
        </p>
      )}
      <ScrollX label="Delivery attempts, newest first">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Delivery attempts, newest first</caption>
          <thead>
            <tr>
              <Th>Event</Th>
              <Th>Attempt</Th>
              <Th>Status</Th>
              <Th>Response</Th>
              <Th>Duration</Th>
              <Th>Next attempt</Th>
              <Th>Created</Th>
              {canResend && enabled && (
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr
                key={d.delivery_id}
                data-testid="delivery-row"
                data-event-id={d.event_id}
                data-status={d.status}
                data-attempt={d.attempt}
              >
                <Td>
                  <span className="font-medium">{d.event_type ?? 'unknown event'}</span>
                  <br />
                  <Mono>{d.event_id}</Mono>
                </Td>
                <Td className="tabular-nums">{d.attempt}</Td>
                <Td>
                  <Badge tone={webhookTone(d.status)}>{humanize(d.status)}</Badge>
                </Td>
                <Td>
                  {d.response_status !== null ? <span className="tabular-nums">HTTP {d.response_status}</span> : '—'}
                  {d.error && <p className="max-w-xs break-words text-xs text-red-800">{d.error}</p>}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  {d.duration_ms !== null ? `${d.duration_ms} ms` : '—'}
                </Td>
                <Td className="whitespace-nowrap">{formatSeconds(d.next_attempt_at)}</Td>
                <Td className="whitespace-nowrap">{formatSeconds(d.created_at)}</Td>
                {canResend && enabled && (
                  <Td>
                    {newestOfEvent.has(d.delivery_id) && (
                      <Button
                        variant="secondary"
                        aria-label={`Resend ${d.event_id}`}
                        disabled={resend.isPending}
                        onClick={() => resend.mutate({ event_id: d.event_id, webhook_endpoint_id: endpointId })}
                      >
                        Resend
                      </Button>
                    )}
                  </Td>
                )}
              </tr>
            ))}
            {!rows.length && list.data && (
              <tr>
                <Td colSpan={8} className="py-4 text-center text-slate-600">
                  No deliveries
                  {cursor ? ' on this page' : ' yet: events of the subscribed types created from now on are sent here'}.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
      <nav aria-label="Delivery pages" className="mt-2 flex gap-2 text-sm">
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
    </Panel>
  );
}
