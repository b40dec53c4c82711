import { z } from 'zod';
import { defineOp } from './define';
import { objectBase, reviewStateOut, str } from './schemas';
import { exportObject } from './export-object';
import { REDACTION_PROFILES } from '../domain/packets/redaction';
import { EXPORT_FORMATS } from '../services/exports/formats';
import { REPORT_AUDIENCES, REPORT_SECTIONS, REPORT_STATUSES, REPORT_TYPES } from '../domain/reports/sections';

const section = z
  .object({
    key: z
      .string()
      .describe(
        'The section key (summary, judgments, assets, … for a brief; summary, judgments, recoveries, your_share, assets, next_steps for a claimant update).',
      ),
    title: z.string(),
    body: z.string().describe('Plain-language text of the section.'),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "The figures and rows the section was built from (a snapshot). A section whose module the creator may not read (each needs its module's read scope: ledger:read for ledger figures and economics, sanctions:read, packets:read, …) holds only `omitted: {required_scopes}` and says so in its body; the summary lists the parts it left out in `omitted_parts`.",
      ),
  })
  .meta({ id: 'ReportSection', description: 'One section of a report.' });

const report = objectBase('report', 'report_id')
  .extend({
    matter_id: z.string(),
    type: z.enum(REPORT_TYPES),
    status: z.enum(REPORT_STATUSES),
    audience: z.enum(REPORT_AUDIENCES),
    claimant_id: z.string().nullable(),
    redaction_profile: z.enum(REDACTION_PROFILES),
    content_uri: z.string().describe("Where the report's JSON is read: GET /v1/reports/{report_id}."),
    review_state: reviewStateOut,
    sections: z.array(section),
    datasets: z.array(z.string()),
  })
  .meta({
    id: 'Report',
    description: 'A campaign brief or claimant update: a snapshot of the matter taken when it was created.',
  });

export const createCampaignBrief = defineOp('POST', '/v1/reports/campaign-brief', {
  name: 'createCampaignBrief',
  summary: 'Snapshot a matter into a campaign brief for an audience (internal, counsel or claimant)',
  body: z.strictObject({
    matter_id: str(100),
    audience: z.enum(REPORT_AUDIENCES).optional(),
    include_sections: z.array(z.enum(REPORT_SECTIONS)).min(1).max(REPORT_SECTIONS.length).optional(),
  }),
  response: report,
});

export const createClaimantUpdate = defineOp('POST', '/v1/reports/claimant-update', {
  name: 'createClaimantUpdate',
  summary: "A claimant-facing update for one claimant, redacted per profile, showing only that claimant's share",
  body: z.strictObject({
    matter_id: str(100),
    claimant_id: str(100),
    redaction_profile: z.enum(REDACTION_PROFILES).optional(),
  }),
  response: report,
});

export const getReport = defineOp('GET', '/v1/reports/{report_id}', {
  name: 'getReport',
  summary: 'A report: its metadata and its content (the sections, as snapshotted at creation)',
  response: report,
});

export const exportReport = defineOp('POST', '/v1/reports/{report_id}/export', {
  name: 'exportReport',
  summary:
    'Render a report as PDF, ZIP or JSON bundle under a redaction profile (asynchronous); writes report.exported',
  body: z.strictObject({ format: z.enum(EXPORT_FORMATS), redaction_profile: z.enum(REDACTION_PROFILES).optional() }),
  response: exportObject,
});
