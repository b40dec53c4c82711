'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ORG_FEATURES } from '@/server/services/organizations/organizations';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input } from '../ui';

/**
 * The onboarding review of one organization's production access: grant or withdraw, always
 * with a reason (recorded in the audit event with the reviewer). Shown only to the reviewer —
 * the parent's admin, or for the root organization its own admin; the service checks anyway.
 */
export function ProductionReview({
  org,
  idPrefix,
}: {
  org: { organization_id: string; name: string; features: string[] };
  idPrefix: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const enabled = org.features.includes('production_access');
  const change = useMutation(
    trpc.organization.update.mutationOptions({
      onSuccess: async () => {
        setReason('');
        await queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.session.pathKey() });
      },
    }),
  );
  const err = apiError(change.error);
  const missing = !reason.trim();
  const id = `${idPrefix}-reason`;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (missing) return;
    const features = (
      enabled ? org.features.filter((f) => f !== 'production_access') : [...org.features, 'production_access']
    ) as (typeof ORG_FEATURES)[number][];
    change.mutate({ organization_id: org.organization_id, features, reason: reason.trim() });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label={`Production access of ${org.name}`}
    >
      <Field
        id={id}
        label={
          enabled
            ? 'Reason for withdrawing production access'
            : 'Onboarding review: reason for granting production access'
        }
        hint="Recorded in the audit trail with your name."
        error={err?.param === 'reason' || err?.param === 'features' ? err.message : null}
        className="min-w-0 flex-1 basis-64"
      >
        <Input
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={err?.param === 'reason' || err?.param === 'features'}
          aria-describedby={err?.param === 'reason' || err?.param === 'features' ? `${id}-error` : `${id}-hint`}
        />
      </Field>
      <Button type="submit" variant={enabled ? 'danger' : 'primary'} disabled={change.isPending || missing}>
        {enabled ? 'Withdraw production access' : 'Grant production access'}
      </Button>
      {err && err.param !== 'reason' && err.param !== 'features' && <ErrorNote error={err} />}
    </form>
  );
}
