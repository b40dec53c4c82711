'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, Panel, Td, Th } from '../ui';
import { formatTime } from '../format';
import { AUDIT_PAGE } from './inputs';
import { PersonName } from '../names/names';
import { useNames } from '../names/use-names';
import { ScrollX } from '@/components/list/scroll-x';

/** The latest audit events of a matter, newest first, and verification of its hash chain. */
export function AuditPanel({ matterId, myUserId }: { matterId: string; myUserId: string }) {
  const trpc = useTRPC();
  const [cursor, setCursor] = useState<string | null>(null);
  const events = useQuery(
    trpc.audit.matterEvents.queryOptions({
      matter_id: matterId,
      limit: AUDIT_PAGE,
      ...(cursor ? { starting_after: cursor } : {}),
    }),
  );
  const verify = useQuery({
    ...trpc.audit.verifyMatter.queryOptions({ matter_id: matterId }),
    enabled: false,
    staleTime: 0,
  });
  const rows = events.data?.data ?? [];
  const v = verify.data;
  const names = useNames({
    user_ids: rows.map((e) => e.actor.user_id),
    key_ids: rows.map((e) => e.actor.key_id),
  });
  // The actor is the user when there is one, else the key (actor_id says which).
  const actorName = (e: (typeof rows)[number]) =>
    e.actor.user_id === e.actor_id ? names.user(e.actor_id) : names.key(e.actor_id);
  return (
    <Panel
      id="audit"
      title="Audit trail"
      actions={
        <Button variant="secondary" onClick={() => verify.refetch()} disabled={verify.isFetching}>
          {verify.isFetching ? 'Verifying…' : 'Verify chain'}
        </Button>
      }
    >
      <ErrorNote error={apiError(events.error) ?? apiError(verify.error)} />
      {v && (
        <div
          data-testid="chain-verification"
          role="status"
          className={`mb-3 rounded border px-2 py-1.5 text-sm ${v.valid ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
        >
          <strong>{v.valid ? 'Chain valid' : 'Chain invalid'}</strong>
          {' · '}
          <span data-testid="events-checked">{v.events_checked}</span> events checked
          {' · '}head hash <Mono>{v.head_hash ?? '—'}</Mono>
          {!v.valid && v.first_invalid_event_id && (
            <>
              {' '}
              · first invalid event <Mono>{v.first_invalid_event_id}</Mono>
            </>
          )}
        </div>
      )}
      <ScrollX label="Audit events, newest first">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Audit events, newest first</caption>
          <thead>
            <tr>
              <Th>#</Th>
              <Th>Time</Th>
              <Th>Event</Th>
              <Th>Actor</Th>
              <Th>Object</Th>
              <Th>Request</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.event_id} data-testid="audit-row">
                <Td className="tabular-nums">{e.sequence}</Td>
                <Td className="whitespace-nowrap">{formatTime(e.timestamp)}</Td>
                <Td>
                  <span className="font-medium">{e.event_type}</span>
                </Td>
                <Td>
                  <PersonName id={e.actor_id} name={actorName(e)} />{' '}
                  {e.actor_id === myUserId ? (
                    <Badge tone="blue">you</Badge>
                  ) : (
                    <Badge>{e.actor.user_id ? 'user' : 'API key'}</Badge>
                  )}
                </Td>
                <Td>
                  <span className="text-xs text-slate-700">{e.object_type}</span> <Mono>{e.object_id}</Mono>
                </Td>
                <Td>
                  <Mono>{e.request_id}</Mono>
                </Td>
              </tr>
            ))}
            {!rows.length && events.data && (
              <tr>
                <Td colSpan={6} className="text-slate-700">
                  No events.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
      <div className="mt-2 flex gap-2">
        {cursor && (
          <Button variant="secondary" onClick={() => setCursor(null)}>
            Latest
          </Button>
        )}
        {events.data?.has_more && rows.length > 0 && (
          <Button variant="secondary" onClick={() => setCursor(rows[rows.length - 1].event_id)}>
            Older events
          </Button>
        )}
      </div>
    </Panel>
  );
}
