'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CollectionPaused } from '@/server/services/sanctions/pause';
import { useTRPC } from '@/trpc/react';
import { Mono } from '../ui';
import { formatTime, humanize } from '../format';

/** The pause's frame, one look wherever it is shown (a matter, the matters list, a form). */
export function PauseSection({ children }: { children: ReactNode }) {
  return (
    <section
      role="status"
      aria-label="Collection paused"
      data-testid="pause-banner"
      className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950"
    >
      {children}
    </section>
  );
}

/**
 * The sanctions pause, shown where people work (issue 30 part 4): on the matter, the matters
 * list, the dashboard and every collection form, not only on the Sanctions page. It says why,
 * since when and which review decides it, and what still may be done.
 */
export function PauseBanner({ paused, what }: { paused: CollectionPaused; what?: string }) {
  return (
    <PauseSection>
      <p className="font-semibold">Collection paused (sanctions){what ? `: ${what}` : ''}</p>
      <p className="mt-0.5">{paused.reason}</p>
      <p className="mt-0.5 text-xs">
        Since {formatTime(paused.since)}
        {paused.sanctions_review_id ? (
          <>
            {' '}
            · review <Mono>{paused.sanctions_review_id}</Mono> ({humanize(paused.review_status)}) on the{' '}
            <Link href="/sanctions" className="text-blue-800 underline">
              Sanctions page
            </Link>
          </>
        ) : (
          <>
            {' '}
            · no review open yet: open one on the{' '}
            <Link href="/sanctions" className="text-blue-800 underline">
              Sanctions page
            </Link>
          </>
        )}
      </p>
    </PauseSection>
  );
}

/** The banner for a form acting on a matter's collection (a packet, an issuer remediation). */
export function MatterPauseNote({ matterId, what }: { matterId: string; what?: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.matters.get.queryOptions({ matter_id: matterId }));
  const paused = q.data?.collection_paused;
  return paused ? <PauseBanner paused={paused} what={what} /> : null;
}
