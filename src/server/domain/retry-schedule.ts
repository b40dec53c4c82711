/**
 * Webhook retry policy (API-CONTRACT §10). Delays after each failed attempt; once they are used
 * up the delivery is `failed`. An endpoint answering 410, or failing without a single success
 * for 5 days, is disabled.
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  14 * 3600_000,
  20 * 3600_000,
  24 * 3600_000,
] as const;

export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600_000;

/** Jitter spreads retries of many deliveries that failed together (±10%). */
export const JITTER = 0.1;

/**
 * When to try again after attempt number `attempt` (1-based) failed, or null when the schedule
 * is exhausted. `rand` is a number in [0, 1).
 */
export function nextRetryDelay(attempt: number, schedule: readonly number[], rand: number): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  return Math.max(0, Math.round(base * (1 - JITTER + 2 * JITTER * rand)));
}

/** Parses MD_WEBHOOK_RETRY_SCHEDULE_MS ("200,400,800"): positive integers, comma separated. */
export function parseRetrySchedule(text: string | undefined): number[] | null {
  if (!text?.trim()) return null;
  const parts = text.split(',').map((s) => s.trim());
  if (!parts.every((s) => /^\d+$/.test(s) && Number(s) > 0)) return null;
  return parts.map(Number);
}

/** Why an endpoint must be disabled after this failed attempt, or null to keep it. */
export function disableReason(
  responseStatus: number | null,
  failingSince: Date | null,
  now: Date,
): 'gone' | 'failing' | null {
  if (responseStatus === 410) return 'gone';
  if (failingSince && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) return 'failing';
  return null;
}

/** Success is any 2xx (redirects are not followed, so a 3xx is a failure). */
export const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;
