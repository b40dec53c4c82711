import type { Event, PrismaClient, WebhookEndpoint } from '@/generated/prisma/client';
import type { Ctx, Env, Tx } from '../context';
import { API_VERSION } from '../config';
import { newId } from '../ids';
import { toJson } from '../json';
import { transaction, txQuery, TX_OPTIONS } from '../db/transaction';
import { recordChange } from '../services/audit/append';
import { eventOut } from '../services/webhooks/events';
import { decryptSecret } from '../crypto/secret-box';
import { policyOf } from '../services/webhooks/egress';
import { subscribes } from '../domain/event-catalog';
import { signatureHeaders } from '../domain/webhook-signature';
import { DELIVERY_ERRORS } from '../domain/webhook-delivery-error';
import { log } from '../log';
import { disableReason, isSuccess, nextRetryDelay } from '../domain/retry-schedule';
import {
  CLAIM_WINDOW,
  CONNECT_TIMEOUT_MS,
  endpointInflightCap,
  FAILING_CONNECT_TIMEOUT_MS,
  LEASE_MS,
  orgInflightCap,
  retrySchedule,
} from './webhook-config';
import { sendWebhook, type SendResult } from './webhook-send';
import { hotRead } from '../db/hot-read';

/**
 * The three steps of delivery, each its own short transaction (never one held across HTTP):
 * 1. fanOut: outbox events → one pending delivery per subscribed endpoint;
 * 2. claimDue: lease due deliveries (FOR UPDATE SKIP LOCKED, so workers never share a row);
 * 3. runAttempt: sign, send, record the outcome and schedule the retry.
 */

/**
 * Locks up to $1 undispatched outbox events, oldest first, each paired with the enabled
 * endpoints of its organization and environment created no later than it (a row with a null
 * endpoint when there are none, so the event is still marked dispatched).
 */
const FAN_OUT_PAIRS_SQL = `
    WITH ev AS (
      SELECT id, org_id, env, type, created_at FROM events WHERE dispatched_at IS NULL
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
    SELECT ev.id, ev.org_id, ev.env, ev.type, w.id AS endpoint_id, w.enabled_events
    FROM ev LEFT JOIN webhook_endpoints w ON w.org_id = ev.org_id AND w.env = ev.env
      AND w.status = 'enabled' AND w.deleted_at IS NULL AND w.created_at <= ev.created_at`;

/** The first attempts ($1 ids, $2 orgs, $3 envs, $4 endpoints, $5 events) and the events dispatched ($6), at $7. */
const FAN_OUT_WRITE_SQL = `
    WITH attempts AS (
      INSERT INTO webhook_deliveries (id, org_id, env, endpoint_id, event_id, attempt, status, next_attempt_at, created_at)
      SELECT v.id, v.org_id, v.env, v.endpoint_id, v.event_id, 1, 'pending', $7::timestamptz, $7::timestamptz
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, org_id, env, endpoint_id, event_id))
    UPDATE events SET dispatched_at = $7::timestamptz WHERE id = ANY($6::text[])`;

type FanOutPair = {
  id: string;
  org_id: string;
  env: string;
  type: string;
  endpoint_id: string | null;
  enabled_events: string[] | null;
};

/**
 * Turns undispatched outbox events into pending deliveries, atomically with marking them
 * dispatched: a worker dying here rolls both back, and SKIP LOCKED gives each event to one
 * worker. An endpoint receives the events created after it was. Two statements on the pool
 * (through Prisma on PGlite): through Prisma's createMany, a batch of 200 events took 55-80 ms
 * of a worker draining a backlog, half of its time.
 */
export async function fanOut(db: PrismaClient, batch = 200): Promise<number> {
  // One cheap read first: most wake-ups find the outbox empty (another process took it).
  const [{ any }] = await hotRead<{ any: boolean }>(
    db,
    'SELECT EXISTS (SELECT 1 FROM events WHERE dispatched_at IS NULL) AS any',
    [],
  );
  if (!any) return 0;
  return transaction(db, async (tx) => {
    const pairs = await txQuery<FanOutPair>(tx, FAN_OUT_PAIRS_SQL, [batch]);
    if (!pairs.length) return 0;
    const rows = pairs.filter((p) => p.endpoint_id && subscribes(p.enabled_events ?? [], p.type));
    const events = [...new Set(pairs.map((p) => p.id))];
    await txQuery(tx, FAN_OUT_WRITE_SQL, [
      rows.map(() => newId('webhook_delivery')),
      rows.map((r) => r.org_id),
      rows.map((r) => r.env),
      rows.map((r) => r.endpoint_id),
      rows.map((r) => r.id),
      events,
      new Date(),
    ]);
    return events.length;
  });
}

/** A leased attempt with what sending it needs (endpoint and event read in the same statement). */
export interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempt: number;
  url: string;
  endpoint_env: string;
  endpoint_status: string;
  endpoint_deleted: boolean;
  secret_ciphertext: string | null;
  /** The endpoint has been failing (failing_since set): it gets the short connect timeout. */
  endpoint_failing: boolean;
  event: Event | null;
}

type ClaimRow = Omit<Claimed, 'event'> & {
  ev_id: string | null;
  org_id: string;
  env: string;
  matter_id: string | null;
  type: string;
  api_version: string;
  data: unknown;
  request_id: string | null;
  idempotency_key: string | null;
  audit_ref: string | null;
  created_at: Date;
};

/**
 * The claim, one statement ($1 now, $2 lease end, $3 worker, $4 window, $5 endpoint cap, $6
 * organization cap, $7 limit). The endpoints considered are those among the $4 oldest due
 * attempts, so one endpoint's deep backlog cannot hide the others. Each gives its own oldest
 * due attempts, no more than its cap leaves free (one walk of `(endpoint_id, status,
 * next_attempt_at, id)` per endpoint), and the organization's cap is applied to those few.
 * Leases held are read on `(status, locked_until)`. Ranking the whole window instead (two
 * sorts of up to 2,000 rows) and counting leases among every pending row cost 2.7 ms a claim
 * on a backlog of 2,000, most of a worker's cycle of four deliveries.
 * Sent straight to the pg pool on PostgreSQL (hotRead): a busy worker runs it once per handful
 * of deliveries, and Prisma's layers around a raw statement were CPU on the delivery cycle's
 * critical path.
 */
const CLAIM_SQL = `
    WITH busy AS (
      SELECT endpoint_id, org_id, env, count(*) AS n FROM webhook_deliveries
      WHERE status = 'pending' AND locked_until >= $1 GROUP BY endpoint_id, org_id, env),
    ep_busy AS (SELECT endpoint_id, sum(n) AS n FROM busy GROUP BY endpoint_id),
    org_busy AS (SELECT org_id, env, sum(n) AS n FROM busy GROUP BY org_id, env),
    due_endpoints AS (
      SELECT DISTINCT endpoint_id FROM (
        SELECT endpoint_id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
        ORDER BY next_attempt_at LIMIT $4) w),
    candidates AS (
      SELECT d.* FROM due_endpoints de
      LEFT JOIN ep_busy eb ON eb.endpoint_id = de.endpoint_id
      CROSS JOIN LATERAL (
        SELECT x.id, x.org_id, x.env, x.next_attempt_at FROM webhook_deliveries x
        WHERE x.endpoint_id = de.endpoint_id AND x.status = 'pending' AND x.next_attempt_at <= $1
          AND (x.locked_until IS NULL OR x.locked_until < $1)
        ORDER BY x.next_attempt_at, x.id LIMIT GREATEST(0, $5 - COALESCE(eb.n, 0))::int) d),
    ranked AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.org_id, c.env ORDER BY c.next_attempt_at, c.id) AS org_rank
      FROM candidates c),
    pick AS (
      SELECT r.id FROM ranked r
      LEFT JOIN org_busy ob ON ob.org_id = r.org_id AND ob.env = r.env
      WHERE r.org_rank + COALESCE(ob.n, 0) <= $6
      ORDER BY r.next_attempt_at LIMIT $7),
    claimed AS (
      UPDATE webhook_deliveries SET locked_until = $2, locked_by = $3
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE id IN (SELECT id FROM pick) AND status = 'pending' AND (locked_until IS NULL OR locked_until < $1)
        FOR UPDATE SKIP LOCKED)
      RETURNING id, endpoint_id, event_id, attempt)
    SELECT c.id, c.endpoint_id, c.event_id, c.attempt,
      w.url, w.env AS endpoint_env, w.status AS endpoint_status, (w.deleted_at IS NOT NULL) AS endpoint_deleted, w.secret_ciphertext,
      (w.failing_since IS NOT NULL) AS endpoint_failing,
      e.id AS ev_id, e.org_id, e.env, e.matter_id, e.type, e.api_version, e.data, e.request_id, e.idempotency_key, e.audit_ref, e.created_at
    FROM claimed c JOIN webhook_endpoints w ON w.id = c.endpoint_id LEFT JOIN events e ON e.id = c.event_id`;

/** The claim with its parameters (tests run it as it is, on both databases). */
export function claimStatement(
  workerId: string,
  limit: number,
  now = new Date(),
  window = CLAIM_WINDOW,
): { text: string; params: unknown[] } {
  const lease = new Date(now.getTime() + LEASE_MS);
  const params = [now, lease, workerId, window, endpointInflightCap(), orgInflightCap(), limit];
  return { text: CLAIM_SQL, params };
}

/**
 * Leases up to `limit` due deliveries for `workerId`, and reads their endpoint (its status
 * now: a disabled or deleted endpoint's attempt is cancelled, unsent) and event in the same
 * statement. The lease (locked_until) outlives the HTTP timeout, so a live worker keeps it; a
 * dead worker's lease expires and the delivery is claimed again (at-least-once).
 *
 * Fairness: an attempt is claimed only while its endpoint and its organization (and
 * environment) hold fewer leased attempts than their caps, counting every worker's leases. So
 * one tenant's hanging endpoints occupy at most its cap of slots, and the others' due attempts
 * are claimed beside them. The caps are read per statement, so concurrent workers can overshoot
 * one by the number of workers claiming at that instant.
 */
export async function claimDue(db: PrismaClient, workerId: string, limit: number): Promise<Claimed[]> {
  if (limit <= 0) return [];
  const { text, params } = claimStatement(workerId, limit);
  const rows = await hotRead<ClaimRow>(db, text, params);
  return rows.map((r) => ({
    id: r.id,
    endpoint_id: r.endpoint_id,
    event_id: r.event_id,
    attempt: Number(r.attempt),
    url: r.url,
    endpoint_env: r.endpoint_env,
    endpoint_status: r.endpoint_status,
    endpoint_deleted: r.endpoint_deleted,
    secret_ciphertext: r.secret_ciphertext,
    endpoint_failing: Boolean(r.endpoint_failing),
    event: r.ev_id
      ? {
          id: r.ev_id,
          org_id: r.org_id,
          env: r.env,
          matter_id: r.matter_id,
          type: r.type,
          api_version: r.api_version,
          data: r.data as Event['data'],
          request_id: r.request_id,
          idempotency_key: r.idempotency_key,
          audit_ref: r.audit_ref,
          created_at: new Date(r.created_at),
          dispatched_at: null,
        }
      : null,
  }));
}

/** The earliest time a pending delivery falls due in the future (to sleep exactly until then). */
export async function nextDueAt(db: PrismaClient): Promise<Date | null> {
  const row = await db.webhookDelivery.findFirst({
    where: { status: 'pending', next_attempt_at: { gt: new Date() } },
    orderBy: { next_attempt_at: 'asc' },
    select: { next_attempt_at: true },
  });
  return row?.next_attempt_at ?? null;
}

/** The context of changes the service makes by itself (audit actor `system:webhooks`). */
function systemCtx(orgId: string, env: string): Ctx {
  return {
    org: { id: orgId, parent_id: null, features: [], pinned_version: API_VERSION },
    env: env as Env,
    actor: { id: 'system:webhooks', key_id: null, user_id: null, scopes: [], roles: null, matter_ids: null },
    requestId: newId('request'),
    version: API_VERSION,
    idempotencyKey: null,
    origin: '',
    auditRef: null,
  };
}

const usable = (ep: WebhookEndpoint | null): ep is WebhookEndpoint & { secret_ciphertext: string } =>
  !!ep && ep.status === 'enabled' && !ep.deleted_at && !!ep.secret_ciphertext;

/** Records a successful attempt (one at a time, or batched by successRecorder). */
export type RecordSuccess = (d: Claimed, r: SendResult) => Promise<void>;

/**
 * Sends one claimed attempt, unless its endpoint was disabled or deleted by the time it was
 * claimed: then it is cancelled unsent. Returns the time of the retry it scheduled, if any.
 */
export async function runAttempt(
  db: PrismaClient,
  workerId: string,
  d: Claimed,
  recordOk: RecordSuccess = (x, r) => recordSuccesses(db, workerId, [{ d: x, r, at: new Date() }]),
): Promise<Date | null> {
  if (d.endpoint_status !== 'enabled' || d.endpoint_deleted || !d.secret_ciphertext || !d.event) {
    await db.webhookDelivery.updateMany({
      where: { id: d.id, status: 'pending', locked_by: workerId },
      data: {
        status: 'cancelled',
        next_attempt_at: null,
        locked_until: null,
        error: 'endpoint disabled or deleted before this attempt',
      },
    });
    return null;
  }
  let result: SendResult;
  try {
    const secret = await decryptSecret(db, d.secret_ciphertext, d.endpoint_id);
    const body = toJson(eventOut(d.event));
    const t = Math.floor(Date.now() / 1000);
    result = await sendWebhook(
      d.url,
      body,
      signatureHeaders(secret, d.event.id, t, body),
      policyOf(d.endpoint_env),
      d.endpoint_failing ? FAILING_CONNECT_TIMEOUT_MS : CONNECT_TIMEOUT_MS,
    );
  } catch (e) {
    log.warn({ delivery_id: d.id, err: (e as Error).message.slice(0, 300) }, 'webhook attempt not made');
    result = { status: null, durationMs: 0, error: DELIVERY_ERRORS.internal };
  }
  if (isSuccess(result.status)) {
    await recordOk(d, result);
    return null;
  }
  return recordFailure(db, workerId, d, result);
}

/** Successes in one statement ($1 ids, $2 statuses, $3 durations, $4 times, $5 worker); on the pool like the claim. */
const RECORD_SUCCESSES_SQL = `
    WITH v AS (
      SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[])
        AS v(id, response_status, duration_ms, attempted_at)),
    done AS (
      UPDATE webhook_deliveries w SET status = 'succeeded', response_status = v.response_status,
        duration_ms = v.duration_ms, error = NULL, attempted_at = v.attempted_at::timestamptz,
        locked_until = NULL, next_attempt_at = NULL
      FROM v WHERE w.id = v.id AND w.locked_by = $5 AND w.status IN ('pending', 'cancelled')
      RETURNING w.endpoint_id)
    UPDATE webhook_endpoints SET failing_since = NULL
    WHERE id IN (SELECT endpoint_id FROM done) AND failing_since IS NOT NULL`;

/**
 * The common case, for many attempts in one statement: they succeeded, and their endpoints'
 * failure runs (if any) end. An attempt cancelled while in flight is still recorded as what
 * happened; one whose lease was lost to another worker is left to that worker.
 */
async function recordSuccesses(db: PrismaClient, workerId: string, batch: { d: Claimed; r: SendResult; at: Date }[]) {
  const ids = batch.map((b) => b.d.id);
  const statuses = batch.map((b) => b.r.status ?? 0);
  const durations = batch.map((b) => b.r.durationMs);
  const ats = batch.map((b) => b.at.toISOString());
  await hotRead(db, RECORD_SUCCESSES_SQL, [ids, statuses, durations, ats, workerId]);
}

const BATCH_MAX = 64;
const BATCH_WAIT_MS = 5;

/**
 * Collects successful attempts for up to 5 ms (or 64 of them) and records them in one
 * statement, so a busy worker spends one database round trip per batch rather than per
 * delivery. Each caller's promise settles when its batch is written.
 *
 * `inflight` (the dispatcher's count of attempts running, these included) ends the wait early:
 * once every attempt in flight is waiting on the batch, nothing else can join it, and waiting
 * out the 5 ms only keeps their slots from being claimed into. With one endpoint (at most its
 * in-flight cap of 4 attempts) that wait was most of each attempt's cycle: 293-308 deliveries/s
 * from one worker in `bench/webhooks.ts`.
 */
export function successRecorder(db: PrismaClient, workerId: string, inflight?: () => number): RecordSuccess {
  let queue: { d: Claimed; r: SendResult; at: Date; done: (e?: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    recordSuccesses(db, workerId, batch).then(
      () => batch.forEach((b) => b.done()),
      (e) => batch.forEach((b) => b.done(e)),
    );
  };
  return (d, r) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ d, r, at: new Date(), done: (e) => (e ? reject(e) : resolve()) });
      if (queue.length >= BATCH_MAX || (inflight && queue.length >= inflight())) flush();
      else timer ??= setTimeout(flush, BATCH_WAIT_MS);
    });
}

/**
 * Records a failed attempt and what follows from it, in one transaction: the next attempt (per
 * the retry schedule, only while the endpoint is enabled), the endpoint's failure run, and
 * disabling it on 410 or after 5 days of failures. An attempt whose endpoint was disabled while
 * it was in flight is still recorded as what happened, without a retry.
 */
async function recordFailure(db: PrismaClient, workerId: string, d: Claimed, r: SendResult): Promise<Date | null> {
  const now = new Date();
  const delay = nextRetryDelay(d.attempt, retrySchedule(), Math.random());
  return db.$transaction(async (tx) => {
    // Locked first: concurrent failures of one endpoint serialize their failure-run updates.
    const [ep] = await tx.$queryRaw<
      WebhookEndpoint[]
    >`SELECT * FROM webhook_endpoints WHERE id = ${d.endpoint_id} FOR UPDATE`;
    if (!ep) return null;
    const reason = usable(ep) ? disableReason(r.status, ep.failing_since ?? now, now) : null;
    const retryAt = usable(ep) && !reason && delay !== null ? new Date(now.getTime() + delay) : null;
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: d.id, locked_by: workerId, status: { in: ['pending', 'cancelled'] } },
      data: {
        status: 'failed',
        response_status: r.status,
        duration_ms: r.durationMs,
        error: r.error,
        attempted_at: now,
        locked_until: null,
        next_attempt_at: retryAt,
      },
    });
    // Lease lost (another worker took the row over): that worker records its own attempt.
    if (updated.count === 0) return null;
    if (reason) {
      await disableEndpoint(tx, ep, reason, r.status);
      return null;
    }
    if (!ep.failing_since) await tx.webhookEndpoint.update({ where: { id: ep.id }, data: { failing_since: now } });
    if (retryAt) {
      await tx.webhookDelivery.create({
        data: {
          id: newId('webhook_delivery'),
          org_id: ep.org_id,
          env: ep.env,
          endpoint_id: ep.id,
          event_id: d.event_id,
          attempt: d.attempt + 1,
          status: 'pending',
          next_attempt_at: retryAt,
        },
      });
    }
    return retryAt;
  }, TX_OPTIONS);
}

/** The service disables an endpoint by itself (410 Gone, or 5 days of failures), with an audit event. */
async function disableEndpoint(tx: Tx, ep: WebhookEndpoint, reason: 'gone' | 'failing', status: number | null) {
  await tx.webhookEndpoint.update({ where: { id: ep.id }, data: { status: 'disabled', disabled_reason: reason } });
  await tx.webhookDelivery.updateMany({
    where: { endpoint_id: ep.id, status: 'pending' },
    data: { status: 'cancelled', next_attempt_at: null, locked_until: null },
  });
  await recordChange(systemCtx(ep.org_id, ep.env), tx, {
    event_type: 'webhook_endpoint.disabled',
    object_type: 'webhook_endpoint',
    object_id: ep.id,
    matter_id: null,
    details: { reason, response_status: status, failing_since: ep.failing_since?.toISOString() ?? null },
  });
}
