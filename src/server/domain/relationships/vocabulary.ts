/**
 * Relationship vocabularies (API-CONTRACT §14, §16; specification "Relationship" and
 * "Contact log"). Pure data.
 */

/** The specification's counterparty kinds (a law-enforcement-only channel is `law_enforcement`). */
export const COUNTERPARTY_TYPES = [
  'exchange',
  'issuer',
  'counsel',
  'vendor',
  'law_enforcement',
  'receiver',
  'special_master',
  'claimant',
  'counterparty',
] as const;

/** How a counterparty is reached. `law_enforcement_portal` is a law-enforcement-only channel by nature. */
export const CHANNEL_TYPES = [
  'email',
  'legal_process_portal',
  'compliance_portal',
  'law_enforcement_portal',
  'mail',
  'courier',
  'fax',
  'phone',
  'api',
  'in_person',
  'other',
] as const;

/** The packet `type` values of §14: what a channel may carry. */
export const PACKET_TYPES = [
  'exchange_intercept',
  'vasp_legal_process',
  'exchange_freeze',
  'exchange_turnover',
  'turnover_workflow',
  'sanctions_review',
  'law_enforcement_referral',
] as const;

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;

export const CONTACT_TYPES = [
  'packet_submission',
  'email',
  'letter',
  'phone',
  'portal_submission',
  'meeting',
  'service_of_process',
  'follow_up',
  'other',
] as const;

export const OUTCOMES = ['sent', 'acknowledged', 'responded', 'refused', 'no_response'] as const;
