import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Out = inferRouterOutputs<AppRouter>['sanctions'];
export type Screen = Out['screens']['data'][number];
export type Review = Out['reviews']['data'][number];
export type OfacReport = Out['ofacReports']['data'][number];
export type Match = Review['matches'][number];

/** Next moves of an OFAC report workflow, as the console offers them (§15). */
export const OFAC_NEXT: Record<
  string,
  { to: 'drafting' | 'counsel_review' | 'submitted' | 'acknowledged'; label: string }[]
> = {
  drafting: [{ to: 'counsel_review', label: 'Send to counsel review' }],
  counsel_review: [
    { to: 'submitted', label: 'Mark submitted to OFAC' },
    { to: 'drafting', label: 'Back to drafting' },
  ],
  submitted: [{ to: 'acknowledged', label: 'Mark acknowledged' }],
  acknowledged: [],
};

export const screenTone = (s: string) =>
  (s === 'match' ? 'red' : s === 'potential_match' ? 'amber' : 'green') as 'red' | 'amber' | 'green';
export const reviewTone = (s: string) =>
  (s === 'cleared' ? 'green' : s === 'blocked' || s === 'reported' ? 'red' : 'amber') as 'red' | 'amber' | 'green';
