'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Input, Panel, Select } from '../ui';
import { formatTime, humanize } from '../format';
import { useMatterRefresh } from '../matters/use-matter-refresh';
import { PROFILE_LEVEL, PROFILE_NAMES, type JudgmentDetail, type ProfileName } from './types';

/**
 * The enforcement posture (POST …/enforcement-profile). Only an enforcement-ready judgment may
 * get one; the service's 409 judgment_not_enforcement_ready is shown as what to do next.
 */
export function ProfilePanel({ judgment: j, canWrite }: { judgment: JudgmentDetail; canWrite: boolean }) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const [profile, setProfile] = useState<ProfileName>((j.enforcement_profile as ProfileName | null) ?? 'measured');
  const [notes, setNotes] = useState('');
  const set = useMutation(trpc.judgments.setProfile.mutationOptions({ onSuccess: refresh }));
  const err = apiError(set.error);
  const notReady = err?.code === 'judgment_not_enforcement_ready';
  const ready = j.validation?.enforcement_ready === true;

  function submit(e: FormEvent) {
    e.preventDefault();
    set.mutate({ judgment_id: j.judgment_id, profile, ...(notes.trim() ? { notes: notes.trim() } : {}) });
  }

  return (
    <Panel
      id="profile"
      title="Enforcement profile"
      actions={
        <span data-testid="current-profile">
          {j.enforcement_profile ? (
            <Badge tone="blue">
              {humanize(j.enforcement_profile)} · pressure {j.pressure_level}
            </Badge>
          ) : (
            <Badge>Not set</Badge>
          )}
        </span>
      }
    >
      {!ready && (
        <p className="mb-2 text-xs text-slate-700">
          A profile needs an enforcement-ready validation (every gate passing); until then the service refuses it.
        </p>
      )}
      {canWrite && (
        <form onSubmit={submit} aria-label="Set enforcement profile" className="flex flex-wrap items-end gap-2">
          <Field id="profile-select" label="Profile">
            <Select
              id="profile-select"
              value={profile}
              onChange={(e) => setProfile(e.target.value as ProfileName)}
              className="w-56"
            >
              {PROFILE_NAMES.map((p) => (
                <option key={p} value={p}>
                  {humanize(p)} (pressure {PROFILE_LEVEL[p]})
                </option>
              ))}
            </Select>
          </Field>
          <Field id="profile-notes" label="Notes" className="min-w-48 flex-1">
            <Input id="profile-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          <Button type="submit" disabled={set.isPending}>
            {set.isPending ? 'Setting…' : 'Set profile'}
          </Button>
        </form>
      )}
      {notReady && (
        <div
          role="alert"
          data-testid="profile-not-ready"
          className="mt-2 rounded border border-amber-400 bg-amber-50 px-2 py-1.5 text-sm text-amber-950"
        >
          <strong>Not enforcement-ready.</strong> {err.message}
          <span className="ml-1 font-mono text-xs">
            ({err.code}
            {err.request_id ? ` · ${err.request_id}` : ''})
          </span>
        </div>
      )}
      {err && !notReady && (
        <div className="mt-2">
          <ErrorNote error={err} />
        </div>
      )}
      {set.data && !set.isPending && (
        <p role="status" className="mt-2 text-sm text-green-900">
          Profile set to {humanize(set.data.profile)} (pressure {set.data.pressure_level}) on validation{' '}
          {set.data.validation_id} at {formatTime(set.data.set_at)}.
        </p>
      )}
    </Panel>
  );
}
