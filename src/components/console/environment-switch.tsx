'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';

/**
 * Sandbox ⇄ production, like Stripe's test-mode toggle. After a switch the console reloads on
 * the matter list: nothing rendered for one environment stays on screen in the other.
 */
export function EnvironmentSwitch({
  environment,
  productionAllowed,
}: {
  environment: string;
  productionAllowed: boolean;
}) {
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const change = useMutation(
    trpc.session.setEnvironment.mutationOptions({
      onSuccess: () => window.location.assign('/matters'),
      onError: (e) => setError(apiError(e)?.message ?? 'Could not switch.'),
    }),
  );
  const options = [
    { value: 'sandbox', label: 'Sandbox', enabled: true },
    { value: 'production', label: 'Production', enabled: productionAllowed },
  ] as const;
  return (
    <div className="flex items-center gap-2">
      <div
        role="group"
        aria-label="Environment"
        className="flex overflow-hidden rounded border border-slate-500 text-xs"
      >
        {options.map((o) => {
          const active = o.value === environment;
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={active}
              disabled={!o.enabled || change.isPending}
              title={
                o.enabled ? undefined : 'Your organization is not enabled for production (feature production_access).'
              }
              onClick={() => !active && change.mutate({ environment: o.value })}
              className={
                active
                  ? o.value === 'sandbox'
                    ? 'bg-orange-500 px-2 py-1 font-semibold text-slate-950'
                    : 'bg-green-700 px-2 py-1 font-semibold text-white'
                  : 'px-2 py-1 text-slate-100 hover:bg-slate-700 disabled:cursor-not-allowed disabled:text-slate-400'
              }
            >
              {o.label}
            </button>
          );
        })}
      </div>
      {error && (
        <span role="alert" className="text-xs text-red-300">
          {error}
        </span>
      )}
    </div>
  );
}
