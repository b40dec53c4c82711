'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Panel, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { ProductionReview } from './production-review';
import { ScrollX } from '@/components/list/scroll-x';

/**
 * Settings → Organization: name and retention policy (with `org:write`), the features with
 * production access (changeable only by its reviewer), and, for an admin, the child
 * organizations it reviews.
 */
export function OrganizationSettings({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.organization.settings.queryOptions());
  if (q.isPending) return <p className="text-sm text-slate-600">Loading the organization…</p>;
  if (q.isError) return <ErrorNote error={apiError(q.error)} />;
  const { organization: o, reviews_own_features, children } = q.data;
  const production = o.features.includes('production_access');
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">Organization</h1>
      <Panel title="Profile" id="org-profile">
        {canWrite ? (
          <ProfileForm org={o} />
        ) : (
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Name</dt>
            <dd>{o.name}</dd>
            <dt className="text-slate-600">Retention policy</dt>
            <dd>{o.retention_policy ?? 'None set'}</dd>
          </dl>
        )}
        <p className="mt-2 text-xs text-slate-600">
          {humanize(o.type)} · API version {o.api_version} · created {formatTime(o.created_at)}
        </p>
      </Panel>
      <Panel title="Features" id="org-features">
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Features">
          {o.features.length ? (
            o.features.map((f) => (
              <li key={f}>
                <Badge tone={f === 'production_access' ? 'green' : 'slate'}>{humanize(f)}</Badge>
              </li>
            ))
          ) : (
            <li className="text-slate-600">No features enabled.</li>
          )}
        </ul>
        <p data-testid="production-access" className="mt-2 text-sm">
          Production access: <strong>{production ? 'granted' : 'not granted'}</strong>.{' '}
          {reviews_own_features
            ? 'As the root organization’s admin you are its reviewer.'
            : 'It is granted by the parent organization’s admin after an onboarding review.'}
        </p>
        {reviews_own_features && (
          <div className="mt-2">
            <ProductionReview org={o} idPrefix="own-production" />
          </div>
        )}
      </Panel>
      {children.length > 0 && (
        <Panel title="Child organizations" id="org-children">
          <ScrollX label="Child organizations">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Child organizations</caption>
              <thead className="bg-slate-100">
                <tr>
                  <Th>Name</Th>
                  <Th>Type</Th>
                  <Th>Production access</Th>
                </tr>
              </thead>
              <tbody>
                {children.map((c) => (
                  <tr key={c.organization_id} data-testid="child-org-row">
                    <Td className="font-medium">{c.name}</Td>
                    <Td>{humanize(c.type)}</Td>
                    <Td>
                      <Badge tone={c.features.includes('production_access') ? 'green' : 'slate'}>
                        {c.features.includes('production_access') ? 'Granted' : 'Not granted'}
                      </Badge>
                      {c.reviewable && (
                        <div className="mt-1">
                          <ProductionReview org={c} idPrefix={`child-${c.organization_id}`} />
                        </div>
                      )}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        </Panel>
      )}
    </div>
  );
}

function ProfileForm({ org }: { org: { organization_id: string; name: string; retention_policy: string | null } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(org.name);
  const [retention, setRetention] = useState(org.retention_policy ?? '');
  const save = useMutation(
    trpc.organization.update.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() }),
    }),
  );
  const err = apiError(save.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({
      organization_id: org.organization_id,
      name: name.trim(),
      retention_policy: retention.trim() || null,
    });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Organization profile"
      className="grid grid-cols-1 gap-3 sm:grid-cols-3"
    >
      <Field id="org-name" label="Name" error={err?.param === 'name' ? err.message : null}>
        <Input
          id="org-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={err?.param === 'name'}
          aria-describedby={err?.param === 'name' ? 'org-name-error' : undefined}
        />
      </Field>
      <Field
        id="org-retention"
        label="Retention policy"
        hint="E.g. “7y after matter close”."
        error={err?.param === 'retention_policy' ? err.message : null}
      >
        <Input
          id="org-retention"
          value={retention}
          onChange={(e) => setRetention(e.target.value)}
          aria-invalid={err?.param === 'retention_policy'}
          aria-describedby={err?.param === 'retention_policy' ? 'org-retention-error' : 'org-retention-hint'}
        />
      </Field>
      <div className="flex flex-col items-start justify-end gap-1">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        {save.isSuccess && (
          <p className="text-xs text-green-800" role="status">
            Saved.
          </p>
        )}
        {err && err.param !== 'name' && err.param !== 'retention_policy' && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
