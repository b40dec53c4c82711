/** Alert vocabularies and moves (API-CONTRACT §9). */
export const ALERT_STATUSES = ['new', 'actionable', 'false_positive', 'monitoring', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const TRIAGE_STATUSES = ['actionable', 'false_positive', 'monitoring', 'resolved'] as const;
export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const ALERT_TYPES = [
  'wallet_movement',
  'exchange_proximity',
  'stablecoin_exposure',
  'sanctions',
  'deadline',
  'compliance',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const WATCHLIST_STATUSES = ['active', 'paused', 'archived'] as const;

/**
 * `new` → `actionable` | `false_positive` | `monitoring` → `resolved`. A triaged alert may be
 * re-triaged among the three middle states (an analyst changes their mind) and any of them
 * may be resolved; `resolved` is final.
 */
const MOVES: Record<AlertStatus, readonly AlertStatus[]> = {
  new: ['actionable', 'false_positive', 'monitoring'],
  actionable: ['false_positive', 'monitoring', 'resolved'],
  false_positive: ['actionable', 'monitoring', 'resolved'],
  monitoring: ['actionable', 'false_positive', 'resolved'],
  resolved: [],
};

export const allowedAlertMoves = (from: string): readonly AlertStatus[] => MOVES[from as AlertStatus] ?? [];
export const canMoveAlert = (from: string, to: string) => allowedAlertMoves(from).includes(to as AlertStatus);

/** Inbox order: most severe first. */
export const severityRank = (s: string) => SEVERITIES.indexOf(s as Severity);
