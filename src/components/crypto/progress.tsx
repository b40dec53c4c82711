'use client';

import { useEffect, useState } from 'react';

/**
 * Progress of a long build (asset map, graph, timeline): the steps the service runs, in order,
 * with the elapsed time. The build is one request, so the current step is estimated from the
 * time spent; the bar completes when the answer arrives.
 */
export function BuildProgress({ label, steps, running }: { label: string; steps: string[]; running: boolean }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const tick = () => setElapsed(Date.now() - started);
    // The first tick (at once, not in the effect body) resets what a previous build left.
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [running]);
  if (!running) return null;
  const step = Math.min(steps.length - 1, Math.floor(elapsed / 700));
  const pct = Math.min(95, Math.round(((step + 1) / (steps.length + 1)) * 100));
  return (
    <div role="status" aria-live="polite" className="mt-2 text-xs text-slate-700">
      <div className="flex justify-between">
        <span>
          {label}: {steps[step]}…
        </span>
        <span>{(elapsed / 1000).toFixed(1)} s</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-1 h-1.5 w-full rounded bg-slate-200"
      >
        <div className="h-1.5 rounded bg-blue-700 transition-all" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
