import type { RedactionProfile } from '../packets/redaction';

/**
 * Report vocabularies (API-CONTRACT §19). A campaign brief is built from these sections, in
 * this order; `include_sections` picks among them (all when omitted).
 */
export const REPORT_SECTIONS = [
  'summary',
  'judgments',
  'assets',
  'plan',
  'actions',
  'packets',
  'alerts',
  'ledger',
  'sanctions',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const REPORT_AUDIENCES = ['internal', 'counsel', 'claimant'] as const;
export type ReportAudience = (typeof REPORT_AUDIENCES)[number];

export const REPORT_TYPES = ['campaign_brief', 'claimant_update'] as const;
export const REPORT_STATUSES = ['ready'] as const;

/**
 * The redaction profile a brief's audience implies: the operator's own team sees everything,
 * counsel outside the operator gets the `external` view (no internal notes or operator
 * economics), and a claimant gets the `claimant` view.
 */
export const AUDIENCE_PROFILE: Record<ReportAudience, RedactionProfile> = {
  internal: 'none',
  counsel: 'external',
  claimant: 'claimant',
};

const RANK: Record<RedactionProfile, number> = { none: 0, external: 1, claimant: 2 };

/** An export may redact further than the report was built for, never less. */
export const strictestProfile = (a: RedactionProfile, b: RedactionProfile): RedactionProfile =>
  RANK[a] >= RANK[b] ? a : b;

/** Sections in their canonical order, duplicates removed. */
export const orderSections = (keys: readonly string[] | undefined): ReportSection[] =>
  keys === undefined ? [...REPORT_SECTIONS] : REPORT_SECTIONS.filter((k) => keys.includes(k));
