'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TimelineEvent } from './types';

/**
 * The timeline as a chart: per day, the amounts in and out per asset (recharts, bundled).
 * Amounts of different assets share an axis only within one asset's series.
 */
export function TimelineChart({ events }: { events: TimelineEvent[] }) {
  const days = new Map<string, Record<string, number | string>>();
  const series = new Set<string>();
  for (const e of events) {
    const day = e.timestamp.slice(0, 10);
    const row = days.get(day) ?? { day };
    const key = `${e.asset} ${e.direction === 'out' ? 'out' : 'in'}`;
    series.add(key);
    row[key] = Number(row[key] ?? 0) + Number(e.amount);
    days.set(day, row);
  }
  const data = [...days.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  const colors = ['#1d4ed8', '#b91c1c', '#047857', '#a16207', '#7c3aed', '#0e7490'];
  return (
    <figure aria-label="Transfers per day" data-testid="timeline-chart" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" fontSize={11} />
          <YAxis fontSize={11} />
          <Tooltip />
          <Legend />
          {[...series].sort().map((s, i) => (
            <Bar key={s} dataKey={s} fill={colors[i % colors.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
