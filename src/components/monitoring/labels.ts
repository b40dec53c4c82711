import type { Tone } from '../ui';

export const ALERT_STATUS_OPTIONS = ['new', 'actionable', 'false_positive', 'monitoring', 'resolved'] as const;
export const SEVERITY_OPTIONS = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const ALERT_TYPE_OPTIONS = [
  'wallet_movement',
  'exchange_proximity',
  'stablecoin_exposure',
  'sanctions',
  'deadline',
  'compliance',
] as const;
export const TRIAGE_PACKET_OPTIONS = [
  'exchange_freeze',
  'exchange_intercept',
  'vasp_legal_process',
  'exchange_turnover',
  'turnover_workflow',
  'law_enforcement_referral',
] as const;

export const severityTone = (s: string): Tone =>
  (({ critical: 'red', high: 'amber', medium: 'blue', low: 'slate', info: 'slate' }) as Record<string, Tone>)[s] ??
  'slate';
export const alertStatusTone = (s: string): Tone =>
  (
    ({ new: 'blue', actionable: 'amber', false_positive: 'slate', monitoring: 'slate', resolved: 'green' }) as Record<
      string,
      Tone
    >
  )[s] ?? 'slate';

/** The triage moves of §9 from a status (the server enforces them; this only hides the others). */
export const triageMoves = (status: string): string[] =>
  (
    ({
      new: ['actionable', 'false_positive', 'monitoring'],
      actionable: ['false_positive', 'monitoring', 'resolved'],
      false_positive: ['actionable', 'monitoring', 'resolved'],
      monitoring: ['actionable', 'false_positive', 'resolved'],
    }) as Record<string, string[]>
  )[status] ?? [];

/** How often the inbox and an open alert re-read (live updates by polling). */
export const POLL_MS = 3000;
