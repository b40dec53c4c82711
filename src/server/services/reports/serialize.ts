import type { Report } from '@/generated/prisma/client';
import { fromStored } from '../../json';
import type { ReportSectionOut } from '../../domain/reports/bodies';

/** The report object (API-CONTRACT §19); `content_uri` is where this JSON is read. */
export function reportOut(r: Report, origin: string) {
  return {
    object: 'report' as const,
    report_id: r.id,
    matter_id: r.matter_id,
    type: r.type as 'campaign_brief' | 'claimant_update',
    status: r.status as 'ready',
    audience: r.audience as 'internal' | 'counsel' | 'claimant',
    claimant_id: r.claimant_id,
    redaction_profile: r.redaction_profile as 'none' | 'external' | 'claimant',
    content_uri: `${origin}/v1/reports/${r.id}`,
    review_state: r.review_state as {
      review_required: boolean;
      review_status: string;
      review_owner: string | null;
      review_notes: string | null;
    },
    sections: fromStored<ReportSectionOut[]>(r.sections),
    datasets: r.datasets as string[],
    created_at: r.created_at.toISOString(),
  };
}

/** The webhook payload of report.* events: the metadata; the content stays behind content_uri. */
export function reportEventData(r: Report, origin: string) {
  const { sections: _s, ...meta } = reportOut(r, origin);
  return { ...meta, section_keys: (r.sections as { key: string }[]).map((s) => s.key) };
}
