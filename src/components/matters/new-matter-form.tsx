'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Input, Select, Textarea } from '../ui';
import { UserPicker } from '../names/pickers';

/** Create a matter: the service's createMatter, as POST /v1/matters, audited with the user as actor. */
export function NewMatterForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    name: '',
    mode: 'enforcement',
    lead_counsel: '',
    currency: 'USD',
    fee: '',
    notes: '',
  });
  const create = useMutation(
    trpc.matters.create.mutationOptions({
      onSuccess: async (m) => {
        await queryClient.invalidateQueries({ queryKey: trpc.matters.list.pathKey() });
        router.push(`/matters/${m.matter_id}`);
      },
    }),
  );
  const err = apiError(create.error);
  const fieldError = (param: string) =>
    err?.param === param || err?.param?.startsWith(`${param}.`) ? err.message : null;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    const economics: Record<string, unknown> = {};
    if (form.currency.trim()) economics.currency = form.currency.trim().toUpperCase();
    if (form.fee.trim()) economics.contingency_fee_pct = Number(form.fee);
    create.mutate({
      name: form.name,
      mode: form.mode as 'enforcement' | 'small_judgment',
      ...(form.lead_counsel ? { lead_counsel: form.lead_counsel } : {}),
      ...(Object.keys(economics).length ? { economics } : {}),
      ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-3 rounded border border-slate-300 bg-white p-4" noValidate>
      <Field id="name" label="Name (required)" error={fieldError('name')} className="col-span-2">
        <Input
          id="name"
          value={form.name}
          onChange={set('name')}
          required
          maxLength={500}
          aria-invalid={!!fieldError('name')}
          placeholder="Acme Capital v. Doe"
        />
      </Field>
      <Field id="mode" label="Mode" error={fieldError('mode')}>
        <Select id="mode" value={form.mode} onChange={set('mode')}>
          <option value="enforcement">Enforcement</option>
          <option value="small_judgment">Small judgment</option>
        </Select>
      </Field>
      {/* Lead counsel is a user of the organization, stored by id (shown by name everywhere). */}
      <UserPicker
        id="lead_counsel"
        label="Lead counsel"
        value={form.lead_counsel}
        onChange={(id) => setForm({ ...form, lead_counsel: id })}
        none="No lead counsel"
      />
      <Field
        id="currency"
        label="Currency"
        hint="ISO 4217 code or asset ticker"
        error={fieldError('economics.currency')}
      >
        <Input
          id="currency"
          value={form.currency}
          onChange={set('currency')}
          maxLength={12}
          aria-describedby="currency-hint"
        />
      </Field>
      <Field id="fee" label="Contingency fee %" error={fieldError('economics.contingency_fee_pct')}>
        <Input id="fee" type="number" min={0} max={100} step="0.01" value={form.fee} onChange={set('fee')} />
      </Field>
      <Field id="notes" label="Notes" error={fieldError('notes')} className="col-span-2">
        <Textarea id="notes" rows={3} value={form.notes} onChange={set('notes')} />
      </Field>
      <div className="col-span-2 flex items-center gap-3">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create matter'}
        </Button>
        {err &&
          !['name', 'mode', 'lead_counsel', 'notes'].includes(err.param ?? '') &&
          !err.param?.startsWith('economics') && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
