'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EVENT_TYPES } from '@/server/domain/event-catalog';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input } from '../ui';
import { SecretBox } from './secret-box';

// The catalog grouped by family ("matter", "authority", …) for the checkbox list.
const FAMILIES = [...new Set(EVENT_TYPES.map((t) => t.split('.')[0]))].map((family) => ({
  family,
  types: EVENT_TYPES.filter((t) => t.startsWith(`${family}.`)),
}));

/**
 * POST /v1/webhook_endpoints from the console: URL and the events to send (all, or chosen
 * types of the catalog). The answer's signing secret is held only in this component's state and
 * shown once in the secret box.
 */
export function NewEndpointForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [created, setCreated] = useState<{ secret: string; url: string } | null>(null);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (e) => {
        setCreated({ secret: e.signing_secret, url: e.url });
        setUrl('');
        setAll(true);
        setChosen([]);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.pathKey() });
      },
    }),
  );
  const err = apiError(create.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    setCreated(null);
    create.mutate({ url: url.trim(), enabled_events: all ? ['*'] : chosen });
  }
  const toggle = (t: string) => setChosen((c) => (c.includes(t) ? c.filter((x) => x !== t) : [...c, t]));
  return (
    <div className="flex flex-col gap-3">
      {created && <SecretBox secret={created.secret} url={created.url} onDone={() => setCreated(null)} />}
      <form
        onSubmit={submit}
        aria-label="Add webhook endpoint"
        className="flex flex-col gap-2 rounded border border-slate-300 bg-white p-3"
        noValidate
      >
        <h2 className="text-sm font-semibold text-slate-900">Add an endpoint</h2>
        <Field
          id="endpoint-url"
          label="Endpoint URL (required)"
          hint="https:// (plain http is accepted in the sandbox only)."
          error={err?.param === 'url' ? err.message : null}
        >
          <Input
            id="endpoint-url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/webhooks"
            aria-invalid={err?.param === 'url'}
            aria-describedby={err?.param === 'url' ? 'endpoint-url-error' : 'endpoint-url-hint'}
          />
        </Field>
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={err?.param === 'enabled_events' ? 'endpoint-events-error' : undefined}
        >
          <legend className="text-xs font-medium text-slate-700">Events to send</legend>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="radio" name="endpoint-events" checked={all} onChange={() => setAll(true)} /> All events
          </label>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="radio" name="endpoint-events" checked={!all} onChange={() => setAll(false)} /> Selected events
          </label>
          {!all && (
            <div className="grid grid-cols-1 gap-x-4 gap-y-2 rounded border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-4">
              {FAMILIES.map(({ family, types }) => (
                <div key={family} className="flex flex-col gap-0.5">
                  <span className="text-xs font-semibold text-slate-700">{family}</span>
                  {types.map((t) => (
                    <label key={t} className="flex items-center gap-1.5 font-mono text-xs text-slate-800">
                      <input type="checkbox" checked={chosen.includes(t)} onChange={() => toggle(t)} /> {t}
                    </label>
                  ))}
                </div>
              ))}
            </div>
          )}
          {err?.param === 'enabled_events' && (
            <p id="endpoint-events-error" className="text-xs text-red-700">
              {err.message}
            </p>
          )}
        </fieldset>
        <div className="flex items-center gap-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </Button>
          {err && err.param !== 'url' && err.param !== 'enabled_events' && <ErrorNote error={err} />}
        </div>
      </form>
    </div>
  );
}
