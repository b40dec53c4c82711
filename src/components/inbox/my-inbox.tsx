'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, ErrorNote, PageTitle } from '../ui';
import { formatTime, humanize } from '../format';
import { PageSkeleton } from '../shell/skeleton';

function Section({
  title,
  testId,
  all,
  rows,
  empty,
}: {
  title: string;
  testId: string;
  all: { href: string; label: string };
  rows: ReactNode[] | null;
  empty: string;
}) {
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className="rounded border border-slate-300 bg-white"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-1.5">
        <h2 id={`${testId}-title`} className="text-sm font-semibold">
          {title} {rows && <span className="font-normal text-slate-600">({rows.length})</span>}
        </h2>
        <Link href={all.href} className="text-sm text-blue-800 underline">
          {all.label}
        </Link>
      </div>
      {rows === null ? (
        <p className="px-3 py-2 text-sm text-slate-600">Your roles do not include this list.</p>
      ) : rows.length ? (
        <ul className="divide-y divide-slate-200">{rows}</ul>
      ) : (
        <p className="px-3 py-2 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
}

const Row = ({ href, title, meta }: { href: string; title: ReactNode; meta: ReactNode }) => (
  <li className="px-3 py-1.5 text-sm">
    <Link href={href} className="font-medium break-words text-blue-800 hover:underline">
      {title}
    </Link>
    <div className="text-xs break-words text-slate-700">{meta}</div>
  </li>
);

/** The signed-in user's inbox (search.inbox): three short lists, each linking to its full list. */
export function MyInbox({ environment }: { environment: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.search.inbox.queryOptions());
  const d = q.data;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="Inbox" environment={environment} />
        <p className="text-sm text-slate-700">
          What needs you now: actions assigned to you, packets waiting in review and new critical alerts.
        </p>
      </div>
      <ErrorNote error={apiError(q.error)} />
      {!d && q.isPending ? (
        <PageSkeleton rows={4} />
      ) : d ? (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          <Section
            title="Assigned to you"
            testId="inbox-actions"
            all={{ href: '/actions', label: 'Action queue' }}
            empty="No open actions are assigned to you."
            rows={
              d.actions?.map((a) => (
                <Row
                  key={a.action_id}
                  href={`/actions?matter_id=${a.matter_id}`}
                  title={a.title}
                  meta={
                    <>
                      {a.matter_name} · {humanize(a.status)} · {humanize(a.priority)}
                      {a.due_at ? ` · due ${formatTime(a.due_at)}` : ''}
                    </>
                  }
                />
              )) ?? null
            }
          />
          <Section
            title="Packets in review"
            testId="inbox-packets"
            all={{ href: '/packets?status=in_review', label: 'All in review' }}
            empty="No packets are waiting in review."
            rows={
              d.packets?.map((p) => (
                <Row
                  key={p.packet_id}
                  href={`/packets/${p.packet_id}`}
                  title={`${humanize(p.type)}: ${humanize(p.packet_type)}`}
                  meta={`${p.matter_name} · created ${formatTime(p.created_at)}`}
                />
              )) ?? null
            }
          />
          <Section
            title="New critical alerts"
            testId="inbox-alerts"
            all={{ href: '/alerts?status=new&severity=critical', label: 'All new critical' }}
            empty="No new critical alerts."
            rows={
              d.alerts?.map((a) => (
                <Row
                  key={a.alert_id}
                  href={`/alerts/${a.alert_id}`}
                  title={
                    <>
                      <Badge tone="red">Critical</Badge> {humanize(a.type)}
                    </>
                  }
                  meta={`${a.matter_name} · ${a.reason}`}
                />
              )) ?? null
            }
          />
        </div>
      ) : null}
    </div>
  );
}
