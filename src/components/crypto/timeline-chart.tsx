'use client';

import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TimelineEvent, TokenExposure } from './types';
import { assetPrices, timelineView, timeTicks, type TimelinePoint } from './timeline-series';

const DAY = 86_400_000;
const dateLabel = (span: number) => (t: number) =>
  new Date(t).toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(span > 300 * DAY ? { year: 'numeric' } : {}),
    ...(span < 2 * DAY ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
const amount = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 6 });

/**
 * The timeline on a real time axis (components/crypto/timeline-series.ts): one panel per unit
 * (ETH apart from USD stablecoins), transfers in above the line and out below it, all panels
 * over the same dates; or, in the USD view, one panel valued at the asset map's prices.
 */
export function TimelineChart({ events, exposures = [] }: { events: TimelineEvent[]; exposures?: TokenExposure[] }) {
  const [usd, setUsd] = useState(false);
  const prices = useMemo(() => assetPrices(exposures), [exposures]);
  const view = useMemo(() => timelineView(events, usd ? prices : undefined), [events, usd, prices]);
  const ticks = timeTicks(view.domain);
  const fmt = dateLabel(view.domain[1] - view.domain[0]);
  return (
    <figure aria-label="Transfers over time" data-testid="timeline-chart" className="w-full">
      <div role="group" aria-label="Timeline units" className="mb-1 flex gap-1 text-xs">
        {[
          ['By unit', false],
          ['In USD', true],
        ].map(([label, on]) => (
          <button
            key={String(label)}
            type="button"
            aria-pressed={usd === on}
            onClick={() => setUsd(on as boolean)}
            className={`rounded border px-2 py-0.5 ${usd === on ? 'border-slate-800 bg-slate-800 text-white' : 'border-slate-300'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {view.series.length === 0 && <p className="text-sm text-slate-700">No transfers to draw.</p>}
      {view.series.map((s) => (
        <div key={s.unit} data-testid="timeline-series" data-unit={s.unit} className="h-44 w-full">
          <p className="text-xs font-medium text-slate-700">
            {s.unit}
            {usd && ' (at the asset map prices)'}
          </p>
          <ResponsiveContainer width="100%" height="90%">
            <ScatterChart margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                type="number"
                dataKey="t"
                domain={view.domain}
                ticks={ticks}
                tickFormatter={fmt}
                fontSize={11}
                scale="time"
              />
              <YAxis type="number" dataKey="value" fontSize={11} tickFormatter={amount} width={72} />
              <ReferenceLine y={0} stroke="#64748b" />
              <Tooltip
                formatter={(v, name, item) => {
                  const n = Number(v);
                  const p = item.payload as TimelinePoint | undefined;
                  return name === 't' ? fmt(n) : `${amount(n)} ${usd ? 'USD' : (p?.asset ?? '')}`;
                }}
                labelFormatter={() => ''}
              />
              <Scatter name="In" data={s.incoming} fill="#047857" isAnimationActive={false} />
              <Scatter name="Out" data={s.outgoing} fill="#b91c1c" isAnimationActive={false} />
            </ScatterChart>
          </ResponsiveContainer>
        </div>
      ))}
      <figcaption className="text-xs text-slate-600">
        Each point is a transfer at its time: received above the line, sent below.
        {usd && view.unpriced.length > 0 && ` Not valued (no price on the asset map): ${view.unpriced.join(', ')}.`}
      </figcaption>
    </figure>
  );
}
