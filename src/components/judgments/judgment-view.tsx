'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ConsoleMe } from '@/app/(console)/console-user';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, Mono, toneOf } from '../ui';
import { formatAmount, formatTime, humanize } from '../format';
import { DeadlineTimeline } from './deadline-timeline';
import { PlanPanel } from './plan-panel';
import { ProfilePanel } from './profile-panel';
import { ValidationPanel } from './validation-panel';
import type { JudgmentDetail } from './types';

/** The judgment page: facts, validation gates, deadline timeline, enforcement profile and plan. */
export function JudgmentView({ judgmentId, me, today }: { judgmentId: string; me: ConsoleMe; today: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.judgments.get.queryOptions({ judgment_id: judgmentId }));
  const j = q.data;
  if (!j) return <ErrorNote error={apiError(q.error)} />;
  const canWrite = me.permissions['judgments:write'] && j.matter.status !== 'closed';
  return (
    <div className="flex flex-col gap-4">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
          <Link href="/matters" className="text-blue-800 underline">
            Matters
          </Link>{' '}
          /{' '}
          <Link href={`/matters/${j.matter_id}`} className="text-blue-800 underline">
            {j.matter.name}
          </Link>{' '}
          / Judgment {j.case_number}
        </nav>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold">
            {j.case_number} · {j.court}
          </h1>
          <span data-testid="judgment-status">
            <Badge tone={toneOf(j.status)}>{humanize(j.status)}</Badge>
          </span>
          <Badge>{humanize(j.type)}</Badge>
          <Mono>{j.judgment_id}</Mono>
        </div>
        <JudgmentFacts j={j} />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ValidationPanel judgment={j} canWrite={canWrite} />
        <div className="flex flex-col gap-4">
          <DeadlineTimeline judgmentId={j.judgment_id} today={today} />
          <ProfilePanel judgment={j} canWrite={canWrite} />
        </div>
      </div>
      <PlanPanel judgment={j} canWrite={canWrite} />
    </div>
  );
}

function JudgmentFacts({ j }: { j: JudgmentDetail }) {
  const b = j.balance;
  const money = (m: { amount: string; currency: string } | undefined) => (m ? formatAmount(m.amount, m.currency) : '—');
  const facts: [string, ReactNode][] = [
    ['Creditor', j.creditor],
    ['Debtor', j.debtor],
    ['Amount', formatAmount(j.amount.amount, j.amount.currency)],
    ['Entered', j.date_entered],
    [
      'Jurisdiction',
      <>
        {j.jurisdiction_rules.name} <Mono>{j.jurisdiction}</Mono>
        {!j.jurisdiction_rules.verified && (
          <>
            {' '}
            <Badge tone="amber">Unverified rules</Badge>
          </>
        )}
      </>,
    ],
    ['Consumer debt', j.consumer_debt === null ? 'Not recorded' : j.consumer_debt ? 'Yes' : 'No (commercial)'],
    ['Nature of the claim', j.claim_nature ? humanize(j.claim_nature) : 'Not recorded'],
    ['Debtor is', j.debtor_type ? humanize(j.debtor_type) : 'Not recorded'],
    ['Assignment', humanize(j.assignment_status)],
    ['Appeal / stay', humanize(j.appeal_stay_status)],
    ['Bankruptcy', humanize(j.bankruptcy_status)],
    ['Renewal deadline', j.renewal_deadline ? `${j.renewal_deadline} (${j.renewal_deadline_source})` : '—'],
    ['Authority', humanize(j.matter.authority_status)],
    ["This judgment's balance outstanding", b.included ? money(b.balance_outstanding) : 'Not in the ledger figures'],
    ['Accrued interest', b.included ? money(b.accrued_interest) : '—'],
  ];
  const review = j.review_state as { review_required?: boolean; review_notes?: string | null };
  return (
    <>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-slate-700">{k}</dt>
            <dd className="text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      {(review.review_required || j.jurisdiction_rules.review_reasons.length > 0) && (
        <div className="mt-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950">
          <strong>Review required.</strong> {review.review_notes ?? j.jurisdiction_rules.review_reasons.join(' ')}
        </div>
      )}
      <p className="mt-1 text-xs text-slate-700">
        Rules: {j.jurisdiction_rules.dataset} · updated {formatTime(j.updated_at)}
      </p>
    </>
  );
}
