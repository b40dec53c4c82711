'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, Checkbox, ErrorNote, Mono, Panel } from '../ui';
import { formatTime } from '../format';
import { useMatterRefresh } from '../matters/use-matter-refresh';
import { GateList } from './gate-list';
import { asStrings, type GateView, type JudgmentDetail } from './types';

/**
 * The judgment's latest validation (one badge per gate, reasons, required actions, missing
 * items) and the Validate form (POST …/validate). A failed gate is an answer, not an error.
 */
export function ValidationPanel({ judgment: j, canWrite }: { judgment: JudgmentDetail; canWrite: boolean }) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const [facts, setFacts] = useState({
    consumer_debt: j.consumer_debt === true,
    bankruptcy_known: false,
    appeal_stay_known: false,
  });
  const validate = useMutation(trpc.judgments.validate.mutationOptions({ onSuccess: refresh }));
  const v = j.validation;
  const missing = asStrings(v?.missing_items);
  const reviewReasons = asStrings(v?.review_reasons);

  function submit(e: FormEvent) {
    e.preventDefault();
    // The boxes are the operator's facts for this run; the consumer flag is recorded on the judgment.
    validate.mutate({ judgment_id: j.judgment_id, ...facts });
  }

  return (
    <Panel
      id="validation"
      title="Validation"
      actions={
        v && (
          <span data-testid="enforcement-ready">
            {v.enforcement_ready ? (
              <Badge tone="green">Enforcement-ready</Badge>
            ) : (
              <Badge tone="red">Not enforcement-ready</Badge>
            )}
          </span>
        )
      }
    >
      {canWrite && (
        <form
          onSubmit={submit}
          aria-label="Validate judgment"
          className="mb-3 flex flex-wrap items-start gap-x-4 gap-y-2 border-b border-slate-200 pb-3"
        >
          <Checkbox
            id="val-consumer"
            label="Consumer debt"
            checked={facts.consumer_debt}
            onChange={(c) => setFacts({ ...facts, consumer_debt: c })}
            hint={
              j.consumer_debt === null
                ? 'Not recorded yet: validating records this box (unticked = commercial).'
                : undefined
            }
          />
          <Checkbox
            id="val-bankruptcy"
            label="Bankruptcy known"
            checked={facts.bankruptcy_known}
            onChange={(c) => setFacts({ ...facts, bankruptcy_known: c })}
          />
          <Checkbox
            id="val-appeal"
            label="Appeal stay known"
            checked={facts.appeal_stay_known}
            onChange={(c) => setFacts({ ...facts, appeal_stay_known: c })}
          />
          <Button type="submit" disabled={validate.isPending}>
            {validate.isPending ? 'Validating…' : 'Validate'}
          </Button>
          <ErrorNote error={apiError(validate.error)} />
        </form>
      )}
      {!v ? (
        <p className="text-sm text-slate-700">
          Not validated yet. Validation runs the authority, stay/appeal, bankruptcy, consumer/commercial,
          required-document, judgment-life and sanctions gates.
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-xs text-slate-700">
            Validation <Mono>{v.validation_id}</Mono> · {formatTime(v.created_at)} · gates run: {v.checks_run.length}
          </p>
          <GateList gates={v.gates as unknown as GateView[]} testid="gate" />
          {missing.length > 0 && (
            <div
              data-testid="missing-items"
              className="rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-sm text-amber-950"
            >
              <h3 className="text-xs font-semibold uppercase tracking-wide">Missing items</h3>
              <ul className="list-disc pl-5">
                {missing.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </div>
          )}
          {reviewReasons.length > 0 && (
            <div className="rounded border border-slate-300 bg-slate-50 px-2 py-1.5 text-sm text-slate-800">
              <h3 className="text-xs font-semibold uppercase tracking-wide">Review notes</h3>
              <ul className="list-disc pl-5">
                {reviewReasons.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}
