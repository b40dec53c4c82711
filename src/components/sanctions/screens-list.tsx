'use client';

import { useQuery } from '@tanstack/react-query';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, Panel, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { screenTone } from './types';
import { MatterName } from '../names/names';
import { useNames } from '../names/use-names';
import { ScrollX } from '@/components/list/scroll-x';

/** Recent screens of the environment: subjects, result, matches and the matter's pause. */
export function ScreensList() {
  const trpc = useTRPC();
  const list = useQuery(trpc.sanctions.screens.queryOptions({ limit: 50 }));
  const rows = list.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((s) => s.matter_id) });
  return (
    <Panel title="Screens" id="screens">
      <ErrorNote error={apiError(list.error)} />
      <ScrollX label="Sanctions screens">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Sanctions screens</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Screen</Th>
              <Th>Matter</Th>
              <Th>Subjects</Th>
              <Th>Result</Th>
              <Th>Matches</Th>
              <Th>Collection</Th>
              <Th>Screened</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.review_id} data-testid="screen-row">
                <Td>
                  <Mono>{s.review_id}</Mono>
                </Td>
                <Td>
                  <MatterName id={s.matter_id} name={names.matter(s.matter_id)} />
                </Td>
                <Td className="max-w-xs break-all text-xs">
                  {[...s.subjects.wallets, ...s.subjects.entities, ...s.subjects.counterparties].join(', ')}
                </Td>
                <Td>
                  <Badge tone={screenTone(s.status)}>{humanize(s.status)}</Badge>
                </Td>
                <Td className="text-xs">
                  {s.matches.map((m) => `${m.sdn_name} (${m.programs.join(', ')})`).join('; ') || '—'}
                </Td>
                <Td>
                  {s.ordinary_collection_paused ? (
                    <Badge tone="red">Paused</Badge>
                  ) : (
                    <Badge tone="green">Not paused</Badge>
                  )}
                </Td>
                <Td className="whitespace-nowrap">{formatTime(s.created_at)}</Td>
              </tr>
            ))}
            {!rows.length && list.data && (
              <tr>
                <Td colSpan={7} className="py-4 text-center text-slate-600">
                  No screens yet.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollX>
    </Panel>
  );
}
