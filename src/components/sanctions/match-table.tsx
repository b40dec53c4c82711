import { Badge, Mono, Td, Th } from '../ui';
import { humanize } from '../format';
import type { Match } from './types';
import { ScrollX } from '@/components/list/scroll-x';

/** OFAC's alias types as its lists write them. */
const ALIAS_LABEL = { aka: 'a.k.a.', fka: 'f.k.a. (former name)', nka: 'n.k.a. (new name)' } as const;

/** A review's matches: the screened subject beside the SDN entry it matched, row by row. */
export function MatchTable({ matches, caption }: { matches: Match[]; caption: string }) {
  if (!matches.length) return <p className="text-sm text-slate-700">No match: the screen was clear.</p>;
  return (
    <ScrollX label={caption}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            <Th>Screened subject</Th>
            <Th>SDN entry</Th>
            <Th>Match</Th>
          </tr>
        </thead>
        <tbody>
          {matches.map((m, i) => (
            <tr key={`${m.subject}-${m.sdn_id}-${i}`} data-testid="match-row">
              <Td className="w-1/3 break-all">
                <div className="font-medium text-slate-900">{m.subject}</div>
                <div className="text-xs text-slate-700">
                  {humanize(m.subject_type)}
                  {m.network ? ` · ${m.network}` : ''}
                </div>
              </Td>
              <Td className="w-1/2">
                <div className="font-medium text-slate-900" data-testid="sdn-name">
                  {m.sdn_name}
                </div>
                <div className="text-xs text-slate-700">
                  SDN {m.sdn_id || '—'} · {m.sdn_type} · programs {m.programs.join(', ') || 'none listed'}
                </div>
                <div className="text-xs text-slate-700">
                  {m.list} ({m.list_date ?? 'date unknown'})
                  {m.assets.length ? ` · listed as ${m.assets.join(', ')}` : ''}
                </div>
                {m.matched !== m.sdn_name && (
                  <div className="text-xs text-slate-700">
                    Matched: <Mono>{m.matched}</Mono>
                    {m.alias && ` · ${ALIAS_LABEL[m.alias.type]}`}
                    {m.alias?.weak && ' · weak alias: not to be relied on alone'}
                  </div>
                )}
              </Td>
              <Td>
                <Badge tone={m.match_type === 'exact' ? 'red' : 'amber'}>
                  {m.match_type === 'exact' ? 'Exact' : 'Fuzzy'}
                </Badge>
                <div className="text-xs text-slate-700">score {m.score}</div>
              </Td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}
