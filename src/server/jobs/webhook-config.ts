import { DEFAULT_RETRY_SCHEDULE_MS, parseRetrySchedule } from '../domain/retry-schedule';
import { log } from '../log';

/**
 * Knobs of webhook delivery (documented in README):
 * - MD_WEBHOOK_RETRY_SCHEDULE_MS: comma-separated delays replacing the contract's schedule
 *   (tests use e.g. "200,400,800"); the number of entries is the number of retries.
 * - MD_WORKER_POLL_MS: how often an idle dispatcher looks for due work (default 1000).
 * - MD_WORKER_CONCURRENCY: attempts in flight per process (default 16).
 * - MD_WEBHOOK_DISPATCHER=off: the server process does not deliver (dedicated `npm run worker`
 *   processes do).
 */
const posInt = (v: string | undefined, d: number) => (/^\d+$/.test(v ?? '') && Number(v) > 0 ? Number(v) : d);

export const DELIVERY_TIMEOUT_MS = 15_000;
/** A claim is held this long: past the HTTP timeout, so a live sender never loses its lease. */
export const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

let warned = false;
export function retrySchedule(): readonly number[] {
  const raw = process.env.MD_WEBHOOK_RETRY_SCHEDULE_MS;
  const parsed = parseRetrySchedule(raw);
  if (raw && !parsed && !warned) {
    warned = true;
    log.warn(
      { value: raw },
      'MD_WEBHOOK_RETRY_SCHEDULE_MS is not a list of positive integers; using the default schedule',
    );
  }
  return parsed ?? DEFAULT_RETRY_SCHEDULE_MS;
}

export const pollMs = () => posInt(process.env.MD_WORKER_POLL_MS, 1000);
export const concurrency = () => posInt(process.env.MD_WORKER_CONCURRENCY, 16);
/**
 * Fairness between tenants (issue 8): attempts in flight (leased, across every worker) per
 * endpoint and per organization and environment. A tenant whose endpoints hang holds at most
 * its cap of slots; every other tenant's deliveries are claimed beside it.
 */
export const endpointInflightCap = () => posInt(process.env.MD_WEBHOOK_ENDPOINT_INFLIGHT, 4);
export const orgInflightCap = () => posInt(process.env.MD_WEBHOOK_ORG_INFLIGHT, 8);
/** Connect timeouts: a healthy endpoint gets 10 s, one that keeps failing (failing_since set) 3 s. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const FAILING_CONNECT_TIMEOUT_MS = 3_000;
/** Due attempts looked at per claim (oldest first) when applying the caps. */
export const CLAIM_WINDOW = 2_000;
export const inProcessDispatcher = () => process.env.MD_WEBHOOK_DISPATCHER !== 'off';
