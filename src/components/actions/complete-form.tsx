'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input, Textarea } from '../ui';

/**
 * Completes an in-progress action with notes and/or one evidence reference (the REST
 * `complete`: its audit event and action.completed are written by the service).
 */
export function CompleteForm({
  actionId,
  title,
  onDone,
  onCancel,
}: {
  actionId: string;
  title: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const [notes, setNotes] = useState('');
  const [evTitle, setEvTitle] = useState('');
  const [evUri, setEvUri] = useState('');
  const complete = useMutation(trpc.actions.complete.mutationOptions({ onSuccess: onDone }));
  function submit(e: FormEvent) {
    e.preventDefault();
    const evidence =
      evTitle.trim() || evUri.trim()
        ? [
            {
              source_type: 'other' as const,
              ...(evTitle.trim() ? { title: evTitle.trim() } : {}),
              ...(evUri.trim() ? { uri: evUri.trim() } : {}),
            },
          ]
        : [];
    complete.mutate({
      action_id: actionId,
      ...(notes.trim() ? { completion_notes: notes.trim() } : {}),
      ...(evidence.length ? { evidence_refs: evidence } : {}),
    });
  }
  return (
    <form
      onSubmit={submit}
      aria-label={`Complete ${title}`}
      data-testid="complete-form"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      className="grid grid-cols-1 gap-2 rounded border border-green-300 bg-green-50 p-2 md:grid-cols-3"
    >
      <Field id={`notes-${actionId}`} label="Completion notes" className="md:col-span-3">
        <Textarea
          id={`notes-${actionId}`}
          rows={2}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          autoFocus
        />
      </Field>
      <Field id={`ev-title-${actionId}`} label="Evidence title">
        <Input
          id={`ev-title-${actionId}`}
          value={evTitle}
          onChange={(e) => setEvTitle(e.target.value)}
          placeholder="e.g. Proof of service"
        />
      </Field>
      <Field id={`ev-uri-${actionId}`} label="Evidence link">
        <Input
          id={`ev-uri-${actionId}`}
          value={evUri}
          onChange={(e) => setEvUri(e.target.value)}
          placeholder="https://…"
        />
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit" disabled={complete.isPending}>
          {complete.isPending ? 'Completing…' : 'Mark completed'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div className="md:col-span-3">
        <ErrorNote error={apiError(complete.error)} />
      </div>
      <p className="text-xs text-slate-700 md:col-span-3">
        Notes or evidence are required; the completion is recorded in the matter&apos;s audit trail.
      </p>
    </form>
  );
}
