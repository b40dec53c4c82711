import Link from 'next/link';
import { Badge, Mono, Td, Th, type Tone } from '../ui';
import { humanize } from '../format';
import { ScrollX } from '@/components/list/scroll-x';

export interface RelationshipView {
  relationship_id: string;
  counterparty_id: string;
  counterparty_type: string;
  counterparty_name: string;
  channel_type: string;
  usable_by_operator: boolean;
  usable_by_counsel: boolean;
  usable_by_law_enforcement: boolean;
  authorized_submitter_required: boolean;
  law_enforcement_only: boolean;
  packet_types_supported: string[];
  risk_level: string;
  notes: string | null;
}

const RISK: Record<string, Tone> = { low: 'green', medium: 'amber', high: 'red' };

/** Who may use a channel, in words (the contact-log rules of API-CONTRACT §16). */
function usableBy(r: RelationshipView) {
  if (r.law_enforcement_only) return <Badge tone="red">Law enforcement only: never used</Badge>;
  const who =
    [r.usable_by_operator && 'operators', r.usable_by_counsel && 'counsel'].filter(Boolean).join(', ') || 'nobody here';
  return (
    <>
      {who}
      {r.authorized_submitter_required && (
        <>
          {' '}
          · <Badge tone="amber">Counsel submits</Badge>
        </>
      )}
    </>
  );
}

/** Relationships (channels) as a table; with `showCounterparty`, each links to its counterparty page. */
export function RelationshipTable({ rows, showCounterparty }: { rows: RelationshipView[]; showCounterparty: boolean }) {
  return (
    <ScrollX label="Relationships">
      <table className="w-full border-collapse text-sm" data-testid="relationships">
        <caption className="sr-only">Relationships</caption>
        <thead className="bg-slate-100">
          <tr>
            {showCounterparty && <Th>Counterparty</Th>}
            <Th>Channel</Th>
            <Th>Usable by</Th>
            <Th>Packet types</Th>
            <Th>Risk</Th>
            <Th>Notes</Th>
            <Th>ID</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.relationship_id}>
              {showCounterparty && (
                <Td>
                  <Link
                    href={`/relationships/counterparties/${r.counterparty_id}`}
                    className="font-medium text-blue-800 underline"
                  >
                    {r.counterparty_name}
                  </Link>
                  <div className="text-xs text-slate-700">{humanize(r.counterparty_type)}</div>
                </Td>
              )}
              <Td>{humanize(r.channel_type)}</Td>
              <Td>{usableBy(r)}</Td>
              <Td>
                {r.packet_types_supported.length
                  ? r.packet_types_supported.map((p) => (
                      <div key={p}>
                        <Mono>{p}</Mono>
                      </div>
                    ))
                  : '—'}
              </Td>
              <Td>
                <Badge tone={RISK[r.risk_level] ?? 'slate'}>{r.risk_level}</Badge>
              </Td>
              <Td className="text-xs">{r.notes ?? '—'}</Td>
              <Td>
                <Mono>{r.relationship_id}</Mono>
              </Td>
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <Td colSpan={showCounterparty ? 7 : 6} className="py-4 text-center text-slate-600">
                No relationships yet.
              </Td>
            </tr>
          )}
        </tbody>
      </table>
    </ScrollX>
  );
}
