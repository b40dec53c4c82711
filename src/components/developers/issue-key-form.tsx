'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input, Select } from '../ui';
import { KeySecret } from './key-secret';
import { localToIso, mattersInput } from './inputs';

/** The field an error's `param` names (`scopes[2]` → `scopes`). */
const fieldOf = (param: string | null | undefined) => (param ?? '').split(/[.[]/)[0];

/**
 * POST /v1/organizations/{id}/api-keys from the console: name, environment, scopes from the
 * real scope list, optional matters and expiry. The service refuses a key stronger than the
 * signed-in user; its error is shown next to the field it names.
 */
export function IssueKeyForm({ orgId, environment }: { orgId: string; environment: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scopes = useQuery(trpc.organization.scopes.queryOptions());
  const matters = useQuery(trpc.matters.list.queryOptions(mattersInput()));
  const [name, setName] = useState('');
  const [env, setEnv] = useState(environment);
  const [full, setFull] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [matterIds, setMatterIds] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [issued, setIssued] = useState<{ secret: string; label: string } | null>(null);
  const issue = useMutation(
    trpc.organization.issueKey.mutationOptions({
      onSuccess: async (k) => {
        setIssued({ secret: k.secret_once, label: k.name ?? k.prefix });
        setName('');
        setChosen([]);
        setMatterIds([]);
        setExpires('');
        await queryClient.invalidateQueries({ queryKey: trpc.organization.keys.pathKey() });
      },
    }),
  );
  const err = apiError(issue.error);
  const at = fieldOf(err?.param);
  const fieldError = (f: string) => (at === f ? err!.message : null);
  function submit(e: FormEvent) {
    e.preventDefault();
    setIssued(null);
    issue.mutate({
      organization_id: orgId,
      name: name.trim() || null,
      environment: env as 'sandbox' | 'production',
      scopes: full ? ['*'] : chosen,
      matter_ids: matterIds,
      expires_at: localToIso(expires),
    });
  }
  const toggle = (list: string[], set: (v: string[]) => void, v: string) =>
    set(list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const families = [...new Set((scopes.data ?? []).map((s) => s.split(':')[0]))];
  const matterRows = matters.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      {issued && <KeySecret secret={issued.secret} label={issued.label} onDone={() => setIssued(null)} />}
      <form
        onSubmit={submit}
        aria-label="Issue API key"
        className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-3"
        noValidate
      >
        <h2 className="text-sm font-semibold text-slate-900">Issue a key</h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Field id="key-name" label="Name" hint="What uses it, e.g. “Billing sync”." error={fieldError('name')}>
            <Input
              id="key-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={at === 'name'}
              aria-describedby={at === 'name' ? 'key-name-error' : 'key-name-hint'}
            />
          </Field>
          <Field
            id="key-environment"
            label="Environment"
            hint="Production keys read and write live data."
            error={fieldError('environment')}
          >
            <Select
              id="key-environment"
              value={env}
              onChange={(e) => setEnv(e.target.value)}
              aria-invalid={at === 'environment'}
              aria-describedby={at === 'environment' ? 'key-environment-error' : 'key-environment-hint'}
            >
              <option value="sandbox">Sandbox (md_test_)</option>
              <option value="production">Production (md_live_)</option>
            </Select>
          </Field>
          <Field
            id="key-expires"
            label="Expires (optional)"
            hint="Your local time; empty: never."
            error={fieldError('expires_at')}
          >
            <Input
              id="key-expires"
              type="datetime-local"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
              aria-invalid={at === 'expires_at'}
              aria-describedby={at === 'expires_at' ? 'key-expires-error' : 'key-expires-hint'}
            />
          </Field>
        </div>
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={at === 'scopes' ? 'key-scopes-error' : undefined}
          aria-invalid={at === 'scopes'}
        >
          <legend className="text-xs font-medium text-slate-700">Scopes</legend>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="radio" name="key-scopes" checked={full} onChange={() => setFull(true)} /> Full access (
            <span className="font-mono text-xs">*</span>)
          </label>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="radio" name="key-scopes" checked={!full} onChange={() => setFull(false)} /> Chosen scopes
          </label>
          {!full && (
            <div className="grid grid-cols-1 gap-x-4 gap-y-2 rounded border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-4">
              {scopes.isPending && <p className="text-sm text-slate-600">Loading scopes…</p>}
              {families.map((f) => (
                <div key={f} className="flex flex-col gap-0.5">
                  <span className="text-xs font-semibold text-slate-700">{f}</span>
                  {[`${f}:*`, ...(scopes.data ?? []).filter((s) => s.startsWith(`${f}:`))].map((s) => (
                    <label key={s} className="flex items-center gap-1.5 font-mono text-xs text-slate-800">
                      <input
                        type="checkbox"
                        checked={chosen.includes(s)}
                        onChange={() => toggle(chosen, setChosen, s)}
                      />{' '}
                      {s}
                    </label>
                  ))}
                </div>
              ))}
            </div>
          )}
          {at === 'scopes' && (
            <p id="key-scopes-error" className="text-xs text-red-700">
              {err!.message}
            </p>
          )}
        </fieldset>
        <fieldset className="flex flex-col gap-1" aria-describedby="key-matters-hint">
          <legend className="text-xs font-medium text-slate-700">Matters (optional)</legend>
          <p id="key-matters-hint" className="text-xs text-slate-600">
            None chosen: every matter of the environment. Chosen: the key sees only those.
          </p>
          {matters.isPending && <p className="text-sm text-slate-600">Loading matters…</p>}
          {matters.isError && <ErrorNote error={apiError(matters.error)} />}
          {matters.data && !matterRows.length && (
            <p className="text-sm text-slate-600">No matters in this environment yet.</p>
          )}
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {matterRows.map((m) => (
              <label key={m.matter_id} className="flex items-center gap-1.5 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={matterIds.includes(m.matter_id)}
                  onChange={() => toggle(matterIds, setMatterIds, m.matter_id)}
                />{' '}
                {m.name}
              </label>
            ))}
          </div>
          {at === 'matter_ids' && <p className="text-xs text-red-700">{err!.message}</p>}
        </fieldset>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={issue.isPending}>
            {issue.isPending ? 'Issuing…' : 'Issue key'}
          </Button>
          {err && !['name', 'environment', 'expires_at', 'scopes', 'matter_ids'].includes(at) && (
            <ErrorNote error={err} />
          )}
        </div>
      </form>
    </div>
  );
}
