'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import {
  ASSIGNMENT_STATUSES,
  CLAIM_NATURES,
  DEBTOR_TYPES,
  JUDGMENT_TYPES,
} from '@/server/domain/judgments/judgment-status';
import { Button, ErrorNote, Field, Input, Select } from '../ui';
import { humanize } from '../format';
import { useMatterRefresh } from '../matters/use-matter-refresh';
import type { JurisdictionOption } from './types';

const OTHER = '__other__';
type ConsumerChoice = '' | 'consumer' | 'commercial';

const FIELD_PARAMS = [
  'court',
  'case_number',
  'jurisdiction',
  'creditor',
  'debtor',
  'amount.amount',
  'amount.currency',
  'date_entered',
  'type',
  'claim_nature',
  'debtor_type',
  'assignment_status',
];

/**
 * Judgment intake (POST /v1/judgments/intake). The jurisdiction is picked from the rules data or
 * typed as a code the rules do not know (then the judgment is flagged for review). The copy of
 * the judgment goes in as a source_ref of type `judgment`, which the required-documents gate asks for.
 */
export function IntakeForm({
  matterId,
  currency,
  jurisdictions,
}: {
  matterId: string;
  currency: string;
  jurisdictions: JurisdictionOption[];
}) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const empty = {
    court: '',
    case_number: '',
    jurisdiction: jurisdictions[0]?.code ?? OTHER,
    other: '',
    type: 'standard',
    creditor: '',
    debtor: '',
    amount: '',
    currency,
    date_entered: '',
    consumer: '' as ConsumerChoice,
    claim_nature: '',
    debtor_type: '',
    assignment_status: 'none',
    doc_title: '',
    doc_uri: '',
  };
  const [f, setF] = useState(empty);
  const intake = useMutation(
    trpc.judgments.intake.mutationOptions({
      onSuccess: async () => {
        setF(empty);
        await refresh();
      },
    }),
  );
  const err = apiError(intake.error);
  const fieldError = (param: string) => (err?.param === param ? err.message : null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    const doc = { title: f.doc_title.trim(), uri: f.doc_uri.trim() };
    intake.mutate({
      matter_id: matterId,
      court: f.court,
      case_number: f.case_number,
      jurisdiction: f.jurisdiction === OTHER ? f.other : f.jurisdiction,
      type: f.type as (typeof JUDGMENT_TYPES)[number],
      creditor: f.creditor,
      debtor: f.debtor,
      amount: { amount: f.amount.trim(), currency: f.currency.trim().toUpperCase() },
      date_entered: f.date_entered,
      consumer_debt: f.consumer === '' ? null : f.consumer === 'consumer',
      // Empty means "not recorded": the plan then says which rules it could not apply.
      claim_nature: f.claim_nature === '' ? null : (f.claim_nature as (typeof CLAIM_NATURES)[number]),
      debtor_type: f.debtor_type === '' ? null : (f.debtor_type as (typeof DEBTOR_TYPES)[number]),
      assignment_status: f.assignment_status as (typeof ASSIGNMENT_STATUSES)[number],
      ...(doc.title || doc.uri
        ? {
            source_refs: [
              {
                source_type: 'judgment' as const,
                ...(doc.title ? { title: doc.title } : {}),
                ...(doc.uri ? { uri: doc.uri } : {}),
              },
            ],
          }
        : {}),
    });
  }

  const sourceError = err?.param?.startsWith('source_refs') ? err.message : null;
  return (
    <form
      onSubmit={submit}
      aria-label="Judgment intake"
      className="grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 md:grid-cols-4"
      noValidate
    >
      <h3 className="col-span-2 text-xs font-semibold uppercase tracking-wide text-slate-700 md:col-span-4">
        Judgment intake
      </h3>
      <Field id="jdg-court" label="Court (required)" error={fieldError('court')} className="col-span-2">
        <Input
          id="jdg-court"
          value={f.court}
          onChange={set('court')}
          placeholder="Superior Court of California, County of Los Angeles"
          aria-invalid={!!fieldError('court')}
        />
      </Field>
      <Field id="jdg-case" label="Case number (required)" error={fieldError('case_number')}>
        <Input
          id="jdg-case"
          value={f.case_number}
          onChange={set('case_number')}
          placeholder="24STCV01234"
          aria-invalid={!!fieldError('case_number')}
        />
      </Field>
      <Field id="jdg-type" label="Judgment type" error={fieldError('type')}>
        <Select id="jdg-type" value={f.type} onChange={set('type')}>
          {JUDGMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {humanize(t)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="jdg-jurisdiction"
        label="Jurisdiction"
        error={f.jurisdiction !== OTHER ? fieldError('jurisdiction') : null}
      >
        <Select id="jdg-jurisdiction" value={f.jurisdiction} onChange={set('jurisdiction')}>
          {jurisdictions.map((j) => (
            <option key={j.code} value={j.code}>
              {j.name} ({j.code}){j.verified ? '' : ' — unverified'}
            </option>
          ))}
          <option value={OTHER}>Other (type the code)</option>
        </Select>
      </Field>
      <Field
        id="jdg-jurisdiction-other"
        label="Other jurisdiction code"
        hint="ISO 3166-2, e.g. US-OR; federal: US-FED-OR"
        error={f.jurisdiction === OTHER ? fieldError('jurisdiction') : null}
      >
        <Input
          id="jdg-jurisdiction-other"
          value={f.other}
          onChange={set('other')}
          disabled={f.jurisdiction !== OTHER}
          placeholder="US-OR"
          aria-describedby={
            f.jurisdiction === OTHER && fieldError('jurisdiction')
              ? 'jdg-jurisdiction-other-error'
              : 'jdg-jurisdiction-other-hint'
          }
          aria-invalid={f.jurisdiction === OTHER && !!fieldError('jurisdiction')}
        />
      </Field>
      <Field id="jdg-creditor" label="Creditor (required)" error={fieldError('creditor')}>
        <Input
          id="jdg-creditor"
          value={f.creditor}
          onChange={set('creditor')}
          aria-invalid={!!fieldError('creditor')}
        />
      </Field>
      <Field id="jdg-debtor" label="Debtor (required)" error={fieldError('debtor')}>
        <Input id="jdg-debtor" value={f.debtor} onChange={set('debtor')} aria-invalid={!!fieldError('debtor')} />
      </Field>
      <Field id="jdg-amount" label="Amount (required)" error={fieldError('amount.amount')}>
        <Input
          id="jdg-amount"
          inputMode="decimal"
          value={f.amount}
          onChange={set('amount')}
          placeholder="125000.00"
          aria-invalid={!!fieldError('amount.amount')}
        />
      </Field>
      <Field id="jdg-currency" label="Currency" error={fieldError('amount.currency')}>
        <Input
          id="jdg-currency"
          value={f.currency}
          onChange={set('currency')}
          maxLength={12}
          aria-invalid={!!fieldError('amount.currency')}
        />
      </Field>
      <Field id="jdg-date" label="Date entered (required)" error={fieldError('date_entered')}>
        <Input
          id="jdg-date"
          type="date"
          value={f.date_entered}
          onChange={set('date_entered')}
          aria-invalid={!!fieldError('date_entered')}
        />
      </Field>
      <Field id="jdg-consumer" label="Consumer debt">
        <Select id="jdg-consumer" value={f.consumer} onChange={set('consumer')}>
          <option value="">Not recorded</option>
          <option value="consumer">Yes: consumer debt</option>
          <option value="commercial">No: commercial debt</option>
        </Select>
      </Field>
      <Field id="jdg-claim-nature" label="Nature of the claim" error={fieldError('claim_nature')}>
        <Select id="jdg-claim-nature" value={f.claim_nature} onChange={set('claim_nature')}>
          <option value="">Not recorded</option>
          {CLAIM_NATURES.map((c) => (
            <option key={c} value={c}>
              {humanize(c)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="jdg-debtor-type" label="Debtor is" error={fieldError('debtor_type')}>
        <Select id="jdg-debtor-type" value={f.debtor_type} onChange={set('debtor_type')}>
          <option value="">Not recorded</option>
          <option value="natural_person">A natural person</option>
          <option value="entity">An entity</option>
        </Select>
      </Field>
      <Field id="jdg-assignment" label="Assignment" error={fieldError('assignment_status')}>
        <Select id="jdg-assignment" value={f.assignment_status} onChange={set('assignment_status')}>
          <option value="none">Not assigned</option>
          <option value="assigned_unrecorded">Assigned, not yet of record</option>
          <option value="assigned_of_record">Assigned of record</option>
        </Select>
      </Field>
      <Field id="jdg-doc-title" label="Judgment document title" error={sourceError}>
        <Input
          id="jdg-doc-title"
          value={f.doc_title}
          onChange={set('doc_title')}
          placeholder="Judgment entered 2025-06-02"
        />
      </Field>
      <Field id="jdg-doc-uri" label="Judgment document URI" hint="Recorded as a source of type judgment">
        <Input
          id="jdg-doc-uri"
          value={f.doc_uri}
          onChange={set('doc_uri')}
          placeholder="https://…"
          aria-describedby="jdg-doc-uri-hint"
        />
      </Field>
      <div className="col-span-2 flex items-center gap-2 md:col-span-4">
        <Button type="submit" disabled={intake.isPending}>
          {intake.isPending ? 'Taking in…' : 'Intake judgment'}
        </Button>
        {err && !FIELD_PARAMS.includes(err.param ?? '') && !sourceError && <ErrorNote error={err} />}
      </div>
    </form>
  );
}
