import type { OfacReport, SanctionsReview, SanctionsScreen } from '@/generated/prisma/client';
import type { ScreenMatch, ScreenStatus } from '../../domain/sanctions/screen';

/** What a screen of this status calls for (§15): the review packet while anything matched. */
export function screenActions(status: ScreenStatus, screenId: string): string[] {
  if (status === 'match') {
    return [
      `Open a sanctions review (POST /v1/sanctions/review-packet with screen_id ${screenId}); ordinary collection on the matter is paused until counsel decides it.`,
      "Do not collect, move or accept the listed person's property without an OFAC license; blocked property is reported to OFAC within 10 business days (31 CFR 501.603).",
    ];
  }
  if (status === 'potential_match') {
    return [
      `Open a sanctions review (POST /v1/sanctions/review-packet with screen_id ${screenId}) to confirm or rule out the potential match against dates of birth, addresses and identifiers; ordinary collection on the matter is paused until counsel clears it.`,
    ];
  }
  return [];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The screen result of §15. `paused` is the matter's current `ordinary_collection_paused`. */
export function screenOut(s: SanctionsScreen, paused: boolean) {
  const status = s.status as ScreenStatus;
  const reasons = s.review_reasons as string[];
  return {
    object: 'sanctions_screen' as const,
    review_id: s.id,
    matter_id: s.matter_id,
    status,
    matches: s.matches as unknown as ScreenMatch[],
    subjects: s.subjects as { wallets: string[]; entities: string[]; counterparties: string[] },
    ordinary_collection_paused: paused,
    required_actions: screenActions(status, s.id),
    review_required: reasons.length > 0,
    review_reasons: reasons,
    datasets: s.datasets as string[],
    source: s.source,
    created_at: s.created_at.toISOString(),
  };
}

export function ofacSummary(o: OfacReport | null) {
  return o ? { ofac_report_id: o.id, status: o.status, due_date: o.due_date.toISOString().slice(0, 10) } : null;
}

/** The sanctions review of §15, with what it still needs (required gates) and its packet. */
export function reviewOut(r: SanctionsReview, paused: boolean, ofac: OfacReport | null) {
  const required: string[] = [];
  if (r.status === 'in_review')
    required.push('Counsel decides the review in the console: clear it (with a reason) or block.');
  if (r.status === 'blocked' && !ofac)
    required.push(
      'Start the OFAC report workflow (POST /v1/sanctions/ofac-report-workflow); the blocked-property report is due within 10 business days of blocking.',
    );
  if (r.status === 'blocked' && ofac && ofac.status !== 'submitted' && ofac.status !== 'acknowledged')
    required.push(`Submit the OFAC report (${ofac.id}) by ${ofac.due_date.toISOString().slice(0, 10)}.`);
  return {
    object: 'sanctions_review' as const,
    review_id: r.id,
    matter_id: r.matter_id,
    screen_id: r.screen_id,
    status: r.status,
    matches: r.matches as unknown as ScreenMatch[],
    blocked_property_analysis: r.blocked_property_analysis,
    ofac_report_required: r.ofac_report_required,
    decision: r.decision,
    decision_reason: r.decision_reason,
    decided_by: r.decided_by,
    decided_at: iso(r.decided_at),
    review_state: r.review_state as {
      review_required: boolean;
      review_status: string;
      review_owner: string | null;
      review_notes: string | null;
    },
    notes: r.notes,
    ordinary_collection_paused: paused,
    required_actions: required,
    ofac_report: ofacSummary(ofac),
    packet: (r.packet as Record<string, unknown> | null) ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** The OFAC report workflow (§15; the specification's fields plus its dates and history). */
export function ofacOut(o: OfacReport, today: string) {
  const due = o.due_date.toISOString().slice(0, 10);
  const open = o.status === 'drafting' || o.status === 'counsel_review';
  return {
    object: 'ofac_report' as const,
    ofac_report_id: o.id,
    matter_id: o.matter_id,
    sanctions_review_id: o.review_id,
    status: o.status,
    report_type: o.report_type,
    counsel_owner: o.counsel_owner,
    blocked_at: o.blocked_at.toISOString(),
    due_date: due,
    overdue: open && due < today,
    submitted_by: o.submitted_by,
    submitted_at: iso(o.submitted_at),
    acknowledged_at: iso(o.acknowledged_at),
    review_required: o.review_required,
    review_reasons: o.review_reasons as string[],
    history: o.history as { from: string; to: string; by: string; at: string; notes: string | null }[],
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
  };
}
