/**
 * The judgment status machine of API-CONTRACT §9:
 *   intake → validated | needs_review;  needs_review → validated (after a passing validation);
 *   validated → enforcing → satisfied;  any state → stayed | vacated;
 *   stayed → validated | needs_review, only after a re-validation.
 * `vacated` is terminal, and a satisfied judgment can still be vacated (nothing else), since
 * "any state" cannot sensibly reopen a vacated judgment.
 */
export const JUDGMENT_STATUSES = [
  'intake',
  'needs_review',
  'validated',
  'enforcing',
  'satisfied',
  'stayed',
  'vacated',
] as const;
export type JudgmentStatus = (typeof JUDGMENT_STATUSES)[number];
export const APPEAL_STAY_STATUSES = ['none', 'appeal_pending', 'stayed', 'lifted'] as const;
export const BANKRUPTCY_STATUSES = ['none', 'filed', 'stay_lifted', 'dismissed', 'discharged'] as const;
export const JUDGMENT_TYPES = ['standard', 'default', 'consent', 'summary', 'arbitration_award', 'registered'] as const;

const MOVES: Record<JudgmentStatus, JudgmentStatus[]> = {
  intake: ['validated', 'needs_review', 'stayed', 'vacated'],
  needs_review: ['validated', 'stayed', 'vacated'],
  validated: ['enforcing', 'stayed', 'vacated'],
  enforcing: ['satisfied', 'stayed', 'vacated'],
  satisfied: ['vacated'],
  stayed: ['validated', 'needs_review', 'vacated'],
  vacated: [],
};

export const allowedMoves = (from: string): JudgmentStatus[] => MOVES[from as JudgmentStatus] ?? [];

export interface MoveContext {
  /** The latest validation, if any: whether it was ready, and when it ran. */
  latestValidation: { ready: boolean; at: Date } | null;
  /** When the judgment last entered `stayed` (moves out need a validation after it). */
  stayedAt: Date | null;
}

/** Why a permitted move still cannot happen now, or null when it can. */
export function moveBlocker(from: string, to: JudgmentStatus, c: MoveContext): string | null {
  const v = c.latestValidation;
  if (to === 'validated' && !v?.ready) {
    return "Moving to 'validated' needs a passing validation: run POST /v1/judgments/{judgment_id}/validate.";
  }
  if (from === 'stayed' && (to === 'validated' || to === 'needs_review')) {
    if (!v || (c.stayedAt && v.at <= c.stayedAt)) {
      return "Leaving 'stayed' needs a re-validation after the stay: run POST /v1/judgments/{judgment_id}/validate.";
    }
  }
  return null;
}

/**
 * Status after a validation run: ready → validated, otherwise needs_review; later states keep
 * theirs, and a stayed judgment whose stay still holds (bankruptcy filed, appeal stayed) stays.
 */
export function statusAfterValidation(
  current: string,
  r: { ready: boolean; partial: boolean; anyFail: boolean; stayHolds: boolean },
): string {
  const { ready, partial, anyFail } = r;
  if (!['intake', 'needs_review', 'stayed'].includes(current)) return current;
  if (current === 'stayed' && r.stayHolds) return current;
  if (ready) return 'validated';
  if (partial && !anyFail) return current;
  return 'needs_review';
}

/** The nature of the claim the judgment rests on: the consumer rate (CCP 685.010(a)(2)), the
 *  tort rate (RCW 4.56.110(3)(b)) and non-dischargeability (11 U.S.C. § 523) turn on it. */
export const CLAIM_NATURES = [
  'medical_expenses',
  'personal_debt',
  'contract',
  'tort',
  'fraud',
  'employee_wages',
  'other',
] as const;
/** Exemptions (15 U.S.C. § 1673, 31 CFR Part 212, state law) protect a natural-person debtor. */
export const DEBTOR_TYPES = ['natural_person', 'entity'] as const;
/** An assignee enforces only once the assignment is filed of record (CCP 673, CPLR 5019(c)). */
export const ASSIGNMENT_STATUSES = ['none', 'assigned_unrecorded', 'assigned_of_record'] as const;
