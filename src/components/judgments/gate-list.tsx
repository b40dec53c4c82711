import { Badge, type Tone } from '../ui';
import { humanize } from '../format';
import type { GateStatus, GateView } from './types';

const GATE_TONE: Record<GateStatus, Tone> = { pass: 'green', fail: 'red', review: 'amber' };
const GATE_LABELS: Record<string, string> = {
  authority: 'Authority',
  stay_appeal: 'Stay / appeal',
  bankruptcy: 'Bankruptcy',
  consumer_commercial: 'Consumer / commercial',
  required_documents: 'Required documents',
  judgment_life: 'Judgment life',
  sanctions: 'Sanctions',
};
const label = (gate: string) => GATE_LABELS[gate] ?? humanize(gate);

/**
 * One badge per readiness gate (pass green, fail red, review amber). The full list adds each
 * gate's reasons and required actions; the compact one is a row of badges.
 */
export function GateList({ gates, testid, compact = false }: { gates: GateView[]; testid: string; compact?: boolean }) {
  if (compact) {
    return (
      <ul data-testid={testid} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {gates.map((g) => (
          <li
            key={g.gate}
            data-testid={`${testid}-${g.gate}`}
            data-status={g.status}
            className="flex items-center gap-1"
          >
            <span className="text-slate-800">{label(g.gate)}</span> <Badge tone={GATE_TONE[g.status]}>{g.status}</Badge>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul data-testid={testid} className="flex flex-col divide-y divide-slate-200 rounded border border-slate-200">
      {gates.map((g) => (
        <li key={g.gate} data-testid={`${testid}-${g.gate}`} data-status={g.status} className="px-2 py-1.5 text-sm">
          <div className="flex items-center gap-2">
            <span className="w-44 font-medium text-slate-900">{label(g.gate)}</span>
            <Badge tone={GATE_TONE[g.status]}>{g.status}</Badge>
          </div>
          {g.reasons.length > 0 && (
            <ul className="mt-0.5 list-disc pl-5 text-xs text-slate-700">
              {g.reasons.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          )}
          {g.required_actions.length > 0 && (
            <div className="mt-0.5 text-xs">
              <span className="font-semibold text-slate-800">Required actions</span>
              <ul className="list-disc pl-5 text-slate-800">
                {g.required_actions.map((a, i) => (
                  <li key={i}>{a}</li>
                ))}
              </ul>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
