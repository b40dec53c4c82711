import type { Tone } from '../ui';

/** Packet vocabulary for the console (API-CONTRACT §9, §14). */
export const PACKET_STATUS_OPTIONS = [
  'in_review',
  'draft',
  'approved',
  'sent',
  'responded',
  'rejected',
  'withdrawn',
] as const;
export const PACKET_TYPE_OPTIONS = [
  'exchange_intercept',
  'vasp_legal_process',
  'exchange_freeze',
  'exchange_turnover',
  'turnover_workflow',
  'sanctions_review',
  'law_enforcement_referral',
] as const;

const TONES: Record<string, Tone> = {
  draft: 'slate',
  in_review: 'amber',
  approved: 'blue',
  sent: 'blue',
  responded: 'green',
  rejected: 'red',
  withdrawn: 'slate',
  pending: 'amber',
  ready: 'green',
  failed: 'red',
  pass: 'green',
  fail: 'red',
  review: 'amber',
};
export const packetTone = (s: string): Tone => TONES[s] ?? 'slate';
