import Link from 'next/link';
import { RelationshipTable } from '@/components/relationships/relationship-table';
import { Badge, Mono, Panel, Td, Th, type Tone } from '@/components/ui';
import { formatTime, humanize } from '@/components/format';
import { packetHref } from '@/components/actions/inputs';
import { NoRegistryAccess } from '../../refusal';
import { loadCounterparty } from './counterparty';
import { ScrollX } from '@/components/list/scroll-x';

export const metadata = { title: 'Counterparty · Console' };

const OUTCOME_TONE: Record<string, Tone> = {
  sent: 'blue',
  acknowledged: 'green',
  responded: 'green',
  refused: 'red',
  no_response: 'amber',
};

/** A counterparty: its relationships (channels), the packets sent to it and its response history. */
export default async function CounterpartyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const r = await loadCounterparty(id);
  if ('refusal' in r) return <NoRegistryAccess refusal={r.refusal} />;
  const cp = r.value;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Link href="/relationships" className="text-sm text-blue-800 underline">
          ← Relationships
        </Link>
        <h1 className="text-lg font-semibold" data-testid="counterparty-name">
          {cp.counterparty_name}
        </h1>
        <p className="text-sm text-slate-700">
          {humanize(cp.counterparty_type)} · <Mono>{cp.counterparty_id}</Mono>
        </p>
      </div>
      <Panel id="cp-relationships" title={`Relationships (${cp.relationships.length})`}>
        <>
          <RelationshipTable rows={cp.relationships} showCounterparty={false} />
        </>
      </Panel>
      <Panel id="cp-packets" title={`Packets (${cp.packets.length})`}>
        <ScrollX label="Counterparty packets">
          <table className="w-full border-collapse text-sm" data-testid="counterparty-packets">
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th>Matter</Th>
                <Th>Type</Th>
                <Th>Status</Th>
                <Th>Last contact</Th>
              </tr>
            </thead>
            <tbody>
              {cp.packets.map((p) => (
                <tr key={p.packet_id}>
                  <Td>
                    <Link href={packetHref(p.packet_id)} className="font-mono text-xs text-blue-800 underline">
                      {p.packet_id}
                    </Link>
                  </Td>
                  <Td>
                    <Link href={`/matters/${p.matter_id}`} className="font-mono text-xs text-blue-800 underline">
                      {p.matter_id}
                    </Link>
                  </Td>
                  <Td>{p.type ? <Mono>{p.type}</Mono> : '—'}</Td>
                  <Td>{p.status ? humanize(p.status) : '—'}</Td>
                  <Td>{formatTime(p.last_contact_at)}</Td>
                </tr>
              ))}
              {!cp.packets.length && (
                <tr>
                  <Td colSpan={5} className="text-slate-600">
                    No packet has been sent to this counterparty.
                  </Td>
                </tr>
              )}
            </tbody>
          </table>
        </ScrollX>
      </Panel>
      <Panel id="cp-history" title={`Response history (${cp.response_history.length})`}>
        <ScrollX label="Response history">
          <table className="w-full border-collapse text-sm" data-testid="response-history">
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Outcome</Th>
                <Th>Contact</Th>
                <Th>Matter</Th>
                <Th>Sender</Th>
                <Th>Notes</Th>
              </tr>
            </thead>
            <tbody>
              {cp.response_history.map((h) => (
                <tr key={h.contact_log_id}>
                  <Td className="whitespace-nowrap">{formatTime(h.created_at)}</Td>
                  <Td>
                    <Badge tone={OUTCOME_TONE[h.outcome]}>{humanize(h.outcome)}</Badge>
                  </Td>
                  <Td>
                    {humanize(h.contact_type)}
                    {h.packet_id && (
                      <div>
                        <Mono>{h.packet_id}</Mono>
                      </div>
                    )}
                  </Td>
                  <Td>
                    <Link href={`/matters/${h.matter_id}`} className="font-mono text-xs text-blue-800 underline">
                      {h.matter_id}
                    </Link>
                  </Td>
                  <Td>
                    <Mono>{h.authorized_sender}</Mono>
                  </Td>
                  <Td className="text-xs">{h.notes ?? '—'}</Td>
                </tr>
              ))}
              {!cp.response_history.length && (
                <tr>
                  <Td colSpan={6} className="text-slate-600">
                    No contact logged yet.
                  </Td>
                </tr>
              )}
            </tbody>
          </table>
        </ScrollX>
      </Panel>
    </div>
  );
}
