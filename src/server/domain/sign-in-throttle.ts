/**
 * Console sign-in throttling: at most SIGN_IN_MAX_FAILURES failed attempts per email and
 * client address within a sliding SIGN_IN_WINDOW_MS. The failures are rows in the database so
 * every app process counts the same ones; this file only decides.
 */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export interface ThrottleState {
  blocked: boolean;
  /** Failures that still count (inside the window). */
  failures: number;
  /** When blocked: seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds: number;
}

/** Decides from the times of recent failures (any order; older ones are ignored). */
export function signInThrottle(failureTimes: readonly Date[], now = new Date()): ThrottleState {
  const since = now.getTime() - SIGN_IN_WINDOW_MS;
  const recent = failureTimes
    .map((d) => d.getTime())
    .filter((t) => t > since)
    .sort((a, b) => a - b);
  if (recent.length < SIGN_IN_MAX_FAILURES) return { blocked: false, failures: recent.length, retryAfterSeconds: 0 };
  // Unblocked once fewer than the limit remain: when the (n - limit + 1)-th newest expires.
  const releasing = recent[recent.length - SIGN_IN_MAX_FAILURES];
  return {
    blocked: true,
    failures: recent.length,
    retryAfterSeconds: Math.max(1, Math.ceil((releasing + SIGN_IN_WINDOW_MS - now.getTime()) / 1000)),
  };
}
