'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input, Select } from '../ui';
import { humanize } from '../format';
import { judgmentsListInput } from '../judgments/inputs';
import { useMatterRefresh } from '../matters/use-matter-refresh';

// The entry types of POST /v1/ledger/entries (services/ledger/entries.ts ENTRY_TYPES).
const ENTRY_TYPES = ['recovery', 'cost', 'fee', 'distribution', 'adjustment'] as const;
const FIELD_PARAMS = ['type', 'amount.amount', 'amount.currency', 'description', 'occurred_at', 'judgment_id'];

/**
 * "Add entry" (POST /v1/ledger/entries). Entries are immutable: a correction is a new signed
 * adjustment. occurred_at is read in the browser's time zone and sent as an ISO instant.
 */
export function EntryForm({ matterId, currency }: { matterId: string; currency: string }) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const judgments = useQuery(trpc.judgments.list.queryOptions(judgmentsListInput(matterId)));
  const empty = { type: 'recovery', amount: '', currency, description: '', occurred_at: '', judgment_id: '' };
  const [f, setF] = useState(empty);
  const add = useMutation(
    trpc.ledger.createEntry.mutationOptions({
      onSuccess: async () => {
        setF({ ...empty, currency: f.currency });
        await refresh();
      },
    }),
  );
  const err = apiError(add.error);
  const fieldError = (param: string) => (err?.param === param ? err.message : null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    const at = f.occurred_at ? new Date(f.occurred_at) : new Date();
    add.mutate({
      matter_id: matterId,
      type: f.type as (typeof ENTRY_TYPES)[number],
      amount: { amount: f.amount.trim(), currency: f.currency.trim().toUpperCase() },
      description: f.description,
      // An unreadable date goes to the service as typed, so the answer names the field.
      occurred_at: Number.isNaN(at.getTime()) ? f.occurred_at : at.toISOString(),
      ...(f.judgment_id ? { judgment_id: f.judgment_id } : {}),
    });
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Add ledger entry"
      className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 md:grid-cols-6"
      noValidate
    >
      <h3 className="col-span-2 text-xs font-semibold uppercase tracking-wide text-slate-700 md:col-span-6">
        Add entry
      </h3>
      <Field id="entry-type" label="Entry type">
        <Select id="entry-type" value={f.type} onChange={set('type')}>
          {ENTRY_TYPES.map((t) => (
            <option key={t} value={t}>
              {humanize(t)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="entry-amount" label="Entry amount (required)" error={fieldError('amount.amount')}>
        <Input
          id="entry-amount"
          inputMode="decimal"
          value={f.amount}
          onChange={set('amount')}
          placeholder="1000.00"
          aria-invalid={!!fieldError('amount.amount')}
        />
      </Field>
      <Field id="entry-currency" label="Entry currency" error={fieldError('amount.currency')}>
        <Input
          id="entry-currency"
          value={f.currency}
          onChange={set('currency')}
          maxLength={12}
          aria-invalid={!!fieldError('amount.currency')}
        />
      </Field>
      <Field id="entry-occurred" label="Occurred at" hint="Empty means now" error={fieldError('occurred_at')}>
        <Input
          id="entry-occurred"
          type="datetime-local"
          value={f.occurred_at}
          onChange={set('occurred_at')}
          aria-describedby={fieldError('occurred_at') ? 'entry-occurred-error' : 'entry-occurred-hint'}
          aria-invalid={!!fieldError('occurred_at')}
        />
      </Field>
      <Field id="entry-judgment" label="Judgment (optional)" error={fieldError('judgment_id')} className="col-span-2">
        <Select id="entry-judgment" value={f.judgment_id} onChange={set('judgment_id')}>
          <option value="">Whole matter</option>
          {(judgments.data?.data ?? []).map((j) => (
            <option key={j.judgment_id} value={j.judgment_id}>
              {j.case_number} · {j.debtor}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="entry-description"
        label="Description (required)"
        error={fieldError('description')}
        className="col-span-2 md:col-span-6"
      >
        <Input
          id="entry-description"
          value={f.description}
          onChange={set('description')}
          placeholder="Wire from Example Bank, levy proceeds"
          aria-invalid={!!fieldError('description')}
        />
      </Field>
      <div className="col-span-2 flex items-center gap-2 md:col-span-6">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add entry'}
        </Button>
        {err && !FIELD_PARAMS.includes(err.param ?? '') && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
