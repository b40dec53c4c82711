import type { ScreenMatch } from './screen';

/**
 * The sanctions review and OFAC report workflow vocabularies and their moves (API-CONTRACT §9,
 * §15). A review is decided by counsel (`cleared` or `blocked`); `blocked` becomes `reported`
 * when its OFAC report is submitted. The OFAC report workflow moves one step at a time.
 */
export const REVIEW_STATUSES = ['in_review', 'cleared', 'blocked', 'reported'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_DECISIONS = ['cleared', 'blocked'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_MOVES: Record<ReviewStatus, readonly ReviewStatus[]> = {
  in_review: ['cleared', 'blocked'],
  cleared: [],
  blocked: ['reported'],
  reported: [],
};

export const OFAC_STATUSES = ['drafting', 'counsel_review', 'submitted', 'acknowledged'] as const;
export type OfacStatus = (typeof OFAC_STATUSES)[number];
export const OFAC_MOVES: Record<OfacStatus, readonly OfacStatus[]> = {
  drafting: ['counsel_review'],
  counsel_review: ['drafting', 'submitted'],
  submitted: ['acknowledged'],
  acknowledged: [],
};

/** Report types: the initial blocked-property report (31 CFR 501.603(b)(1)), a rejected
 *  transaction (501.604) and the annual blocked-property report (501.603(b)(2)). */
export const OFAC_REPORT_TYPES = ['blocked_property', 'rejected_transaction', 'annual_blocked_property'] as const;

/**
 * The blocked-property analysis of a review, from its matches: what is listed, under which
 * programs, and what follows for collection. It states the law the review applies; counsel's
 * decision is what settles it.
 */
export function blockedPropertyAnalysis(matches: readonly ScreenMatch[]): string {
  if (!matches.length) {
    return 'The screen found no match on the OFAC lists it names. Nothing is identified as blocked property; counsel may clear the review.';
  }
  const exact = matches.filter((m) => m.match_type === 'exact');
  const fuzzy = matches.filter((m) => m.match_type === 'fuzzy');
  const parts: string[] = [];
  for (const m of exact) {
    const programs = m.programs.length ? m.programs.join(', ') : 'no program listed';
    parts.push(
      m.subject_type === 'wallet'
        ? `Wallet ${m.subject} is listed on the ${m.list} (${m.list_date ?? 'date unknown'}) for ${m.sdn_name} (SDN ${m.sdn_id}; ${programs}${m.network ? `; listed on ${m.network}` : ''}): property in it is presumptively the property of a blocked person.`
        : `${m.subject_type === 'entity' ? 'Entity' : 'Counterparty'} '${m.subject}' equals ${m.sdn_name} (SDN ${m.sdn_id}; ${programs}) on the ${m.list} (${m.list_date ?? 'date unknown'}) after normalization: treat as the listed person unless identifiers show otherwise.`,
    );
  }
  for (const m of fuzzy) {
    parts.push(
      `Potential match: '${m.subject}' resembles ${m.sdn_name} (SDN ${m.sdn_id}; ${m.programs.join(', ') || 'no program listed'}; score ${m.score}); confirm or rule out with dates of birth, addresses and identifiers.`,
    );
  }
  parts.push(
    exact.length
      ? 'Property and interests in property of a blocked person that come within US jurisdiction are blocked: they may not be transferred, paid, withdrawn or otherwise dealt in without an OFAC license, and a transfer in violation is void. Collection against it stays paused. If counsel confirms the block, a blocked-property report is due to OFAC within 10 business days (31 CFR 501.603).'
      : 'Until counsel rules out the potential matches, ordinary collection stays paused.',
  );
  return parts.join(' ');
}
