'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Mono, Panel, Textarea } from '../ui';
import { formatTime, humanize } from '../format';
import { CsvButton } from '../list/csv-download';
import { CSV_PAGE } from '../list/csv-pages';
import { MatchTable } from './match-table';
import { MatterName, PersonName } from '../names/names';
import { UserPicker } from '../names/pickers';
import { useNames } from '../names/use-names';
import { reviewTone, type Review } from './types';

/**
 * Counsel's decision on one review. Both decisions need a reason. Neither button is primary or
 * focused, so an exact SDN match does not invite a one-click "clear"; blocking is irreversible
 * (it starts the OFAC report clock), so it opens a confirmation naming what follows and is
 * taken only from there.
 */
function DecisionForm({ review }: { review: Review }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const decide = useMutation(
    trpc.sanctions.decide.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.sanctions.pathKey() }),
    }),
  );
  const id = `reason-${review.review_id}`;
  const exact = review.matches.some((m) => m.match_type !== 'fuzzy');
  const missing = !reason.trim();
  return (
    <form
      className="flex flex-col gap-2"
      aria-label={`Decision on ${review.review_id}`}
      onSubmit={(e) => e.preventDefault()}
    >
      <Field
        id={id}
        label="Reason (required)"
        hint="Why the match is a false positive (identifiers that differ), or why it is the listed person or property."
      >
        <Textarea id={id} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {exact && (
        <p className="text-xs text-red-900">
          Exact match on the SDN list: clear only with identifiers that rule the listed person out.
        </p>
      )}
      <div className="flex gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ review_id: review.review_id, decision: 'cleared', reason })}
        >
          Clear (false positive)
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={decide.isPending || confirming}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          Block…
        </Button>
      </div>
      {confirming && (
        <div
          role="group"
          aria-label="Confirm blocking"
          data-testid="block-confirm"
          className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-950"
        >
          <p>
            Blocking records that this is the listed person or their property. It cannot be undone: the property stays
            blocked, collection stays paused, and the holder&apos;s blocked-property report is due to OFAC within 10
            business days (31 CFR 501.603). Turnover needs an OFAC specific license (31 CFR 501.801).
          </p>
          {missing && <p className="mt-1 font-medium">Give the reason above first.</p>}
          <div className="mt-2 flex gap-2">
            <Button
              type="button"
              variant="danger"
              disabled={decide.isPending || missing}
              onClick={() => decide.mutate({ review_id: review.review_id, decision: 'blocked', reason })}
            >
              Confirm block
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <ErrorNote error={apiError(decide.error)} />
    </form>
  );
}

/** A blocked review without a workflow: start the OFAC report (counsel owner required). */
function StartOfacReport({ review }: { review: Review }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState('');
  const start = useMutation(
    trpc.sanctions.startOfacReport.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.sanctions.pathKey() }),
    }),
  );
  const id = `owner-${review.review_id}`;
  return (
    <form
      className="flex items-end gap-2"
      aria-label={`OFAC report for ${review.review_id}`}
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate({ matter_id: review.matter_id, sanctions_review_id: review.review_id, counsel_owner: owner });
      }}
    >
      <UserPicker id={id} label="Counsel owner" value={owner} onChange={setOwner} className="w-full sm:w-auto" />
      <Button type="submit" disabled={start.isPending}>
        Start OFAC report
      </Button>
      <ErrorNote error={apiError(start.error)} />
    </form>
  );
}

/** Reviews of one status: each with the matched subjects beside their SDN entries. */
export function ReviewQueue({
  status,
  title,
  canDecide,
  canWrite,
}: {
  status: 'in_review' | 'blocked' | 'cleared';
  title: string;
  canDecide: boolean;
  canWrite: boolean;
}) {
  const trpc = useTRPC();
  const list = useQuery(trpc.sanctions.reviews.queryOptions({ status, limit: 20 }));
  const rows = list.data?.data ?? [];
  const names = useNames({ matter_ids: rows.map((r) => r.matter_id), user_ids: rows.map((r) => r.decided_by) });
  return (
    <Panel
      title={title}
      id={`reviews-${status}`}
      actions={
        rows.length > 0 && (
          <CsvButton
            list={`sanctions-reviews-${status}`}
            header={[
              'Review ID',
              'Status',
              'Matter',
              'Matter ID',
              'Opened',
              'Collection paused',
              'OFAC report required',
              'Matches',
              'Decided by',
            ]}
            source={{
              fetchPage: (client, cursor) =>
                client.sanctions.reviews.query({ status, limit: CSV_PAGE, starting_after: cursor }),
              cursorOf: (r) => r.review_id,
              names: (r) => ({ matter_ids: [r.matter_id], user_ids: [r.decided_by] }),
              toRow: (r, n) => [
                r.review_id,
                r.status,
                n.matter(r.matter_id) ?? r.matter_id,
                r.matter_id,
                r.created_at,
                r.ordinary_collection_paused ? 'yes' : 'no',
                r.ofac_report_required ? 'yes' : 'no',
                r.matches.length,
                r.decided_by ? (n.user(r.decided_by) ?? r.decided_by) : '',
              ],
            }}
          />
        )
      }
    >
      <ErrorNote error={apiError(list.error)} />
      {!rows.length && list.data && <p className="text-sm text-slate-700">None.</p>}
      <ul className="flex flex-col gap-3">
        {rows.map((r) => (
          <li key={r.review_id} data-testid="review-card" className="rounded border border-slate-200 p-2">
            <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
              <Mono>{r.review_id}</Mono>
              <Badge tone={reviewTone(r.status)}>{humanize(r.status)}</Badge>
              <span className="text-slate-700">
                matter <MatterName id={r.matter_id} name={names.matter(r.matter_id)} />
              </span>
              <span className="text-slate-700">opened {formatTime(r.created_at)}</span>
              {r.ordinary_collection_paused && <Badge tone="red">Collection paused</Badge>}
              {r.ofac_report_required && <Badge tone="red">OFAC report required</Badge>}
            </div>
            <MatchTable matches={r.matches} caption={`Matches of ${r.review_id}`} />
            <p className="mt-1 text-xs text-slate-700">{r.blocked_property_analysis}</p>
            {r.decision && (
              <p className="mt-1 text-sm">
                Decided {humanize(r.decision)} by{' '}
                {r.decided_by ? <PersonName id={r.decided_by} name={names.user(r.decided_by)} /> : '—'}{' '}
                {formatTime(r.decided_at)}
                {r.decision_reason ? `: ${r.decision_reason}` : ''}
              </p>
            )}
            {r.status === 'in_review' && canDecide && (
              <div className="mt-2">
                <DecisionForm review={r} />
              </div>
            )}
            {r.status === 'blocked' && !r.ofac_report && canWrite && (
              <div className="mt-2">
                <StartOfacReport review={r} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
