import { ready } from '../db/ready';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiError } from '../errors';
import { API_VERSION, SUPPORTED_VERSIONS } from '../config';
import { newId } from '../ids';
import { log } from '../log';
import { authenticate, type Principal } from '../auth/api-keys';
import { requireScope } from '../auth/require-scope';
import type { Ctx, Db, Tx } from '../context';
import type { Input, Operation } from '../operations/define';
import { readJsonBody } from './body';
import { checkQueryText, parseOrThrow } from './validate';
import { consumeRateLimit, rateHeaders, type RateState } from './rate-limit';
import { fingerprint, runIdempotent, type Outcome } from './idempotency';
import { transaction } from '../db/transaction';
import { auditRefOf, errorBody, jsonResponse } from './respond';
import { enforceGate } from '../services/matters/gate';
import { observeRequest } from './metrics';
import { linkOrigin } from './client-address';
import { recordRequest } from './request-log';

/** `db` is the transaction for writes and the client for reads (a client satisfies Tx). */
export type Handler<O extends Operation> = (ctx: Ctx, input: Input<O>, db: Tx) => Promise<object>;
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one REST wrapper. Every route handler is `api(operation, handler)`. Fixed order:
 * request id → version → authentication → rate limit → scope → environment → body → schema
 * validation → idempotency → (transaction: gate → handler → audit/outbox) → headers.
 */
export function api<O extends Operation>(op: O, handler: Handler<O>) {
  return async (req: Request, route: RouteContext): Promise<Response> => {
    const started = performance.now();
    const requestId = newId('request');
    // Parsed once: the pathname, origin and query are all read from it.
    const url = new URL(req.url);
    const headers: Record<string, string> = { 'MD-Request-Id': requestId, 'MD-Version': API_VERSION };
    let ctx: Ctx | null = null;
    let principal: Principal | null = null;
    let outcome: Outcome;
    try {
      const db = await ready().catch((e) => {
        log.error({ request_id: requestId, err: String(e) }, 'database unavailable');
        throw unavailable();
      });
      const asked = req.headers.get('md-version');
      if (asked !== null && !(SUPPORTED_VERSIONS as readonly string[]).includes(asked)) {
        throw new ApiError(
          'invalid_version',
          `Unsupported MD-Version '${asked}'. Supported: ${SUPPORTED_VERSIONS.join(', ')}.`,
        );
      }
      principal = await authenticate(db, req.headers.get('authorization'));
      const version = asked ?? principal.org.pinned_version;
      headers['MD-Version'] = version;
      const rate: RateState = await consumeRateLimit(db, principal.actor.key_id ?? principal.actor.id);
      Object.assign(headers, rateHeaders(rate));
      if (op.sandboxOnly && principal.env !== 'sandbox') {
        throw new ApiError('route_not_found', `Unrecognized request URL (${req.method} ${url.pathname}).`);
      }
      requireScope(principal.actor, op.scope);
      ctx = {
        ...principal,
        requestId,
        version,
        idempotencyKey: op.takesIdempotencyKey ? req.headers.get('idempotency-key') : null,
        origin: linkOrigin(req.headers, url.origin),
        auditRef: null,
      };
      const params = Object.fromEntries(
        Object.entries((await route?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]),
      );
      // No id contains NUL; refusing here keeps it away from every lookup (PostgreSQL rejects it).
      const nulParam = Object.entries(params).find(([, v]) => v.includes('\u0000'));
      if (nulParam) throw new ApiError('not_found', `No such ${nulParam[0].replace(/_id$/, '')}.`);
      if (url.search.length > 1) checkQueryText(url.searchParams);
      const hasQuery = url.search.length > 1;
      const query = op.query
        ? parseOrThrow(op.query, hasQuery ? Object.fromEntries(url.searchParams) : {}, 'query')
        : {};
      if (!op.query && hasQuery) {
        const param = url.searchParams.keys().next().value;
        if (param !== undefined)
          throw new ApiError('parameter_unknown', `Received unknown query parameter: ${param}`, { param });
      }
      const raw = op.method === 'GET' || op.method === 'DELETE' ? { value: {}, text: '' } : await readJsonBody(req);
      const body = op.body ? parseOrThrow(op.body, raw.value, 'body') : {};
      const input = { params, query, body } as Input<O>;
      const exec = async (db: Db): Promise<Outcome> => {
        if (op.gate) await enforceGate(ctx!, db, op, input);
        const result = await handler(ctx!, input, db as Tx);
        return { status: op.status, body: { ...result, audit_ref: ctx!.auditRef ?? requestId } };
      };
      const key = ctx.idempotencyKey;
      if (key !== null && (key.length === 0 || key.length > 255)) {
        throw new ApiError('parameter_invalid', 'Idempotency-Key must be 1 to 255 characters.', {
          param: 'Idempotency-Key',
        });
      }
      if (op.method === 'GET') outcome = await exec(db);
      else if (key) {
        const print = fingerprint(op.method, url.pathname, raw.value, raw.text);
        outcome = await runIdempotent(db, ctx, key, print, exec, (e) => ({
          status: e.status,
          body: errorBody(e, requestId, ctx!.origin),
        }));
      } else outcome = await transaction(db, exec);
    } catch (e) {
      const err = toApiError(e, requestId);
      Object.assign(headers, err.extras.headers ?? {});
      outcome = {
        status: err.status,
        body: errorBody(err, requestId, ctx?.origin ?? linkOrigin(req.headers, url.origin)),
      };
    }
    if (outcome.replayed) headers['Idempotent-Replayed'] = 'true';
    headers['MD-Audit-Ref'] = auditRefOf(outcome.body, requestId);
    const ms = performance.now() - started;
    observeRequest(op.name, outcome.status, ms);
    log.info(
      {
        request_id: requestId,
        op: op.name,
        method: req.method,
        path: url.pathname,
        status: outcome.status,
        duration_ms: Math.round(ms * 10) / 10,
        org_id: ctx?.org.id,
        env: ctx?.env,
        actor_id: ctx?.actor.id,
        audit_ref: headers['MD-Audit-Ref'],
      },
      'request',
    );
    // Developers → Logs and the key's "last used": buffered, written after the response.
    if (principal) {
      const auditRef = headers['MD-Audit-Ref'];
      recordRequest({
        id: requestId,
        org_id: principal.org.id,
        env: principal.env,
        key_id: principal.actor.key_id,
        method: req.method,
        path: url.pathname,
        operation: op.name,
        status: outcome.status,
        duration_ms: Math.round(ms * 10) / 10,
        audit_ref: auditRef === requestId ? null : auditRef,
        created_at: new Date(Date.now() - ms),
      });
    }
    return jsonResponse(outcome.status, outcome.body, headers);
  };
}

/** The database cannot be reached: the client should come back (Retry-After, seconds). */
const unavailable = () =>
  new ApiError('service_unavailable', 'The service is temporarily unavailable; retry shortly.', {
    headers: { 'Retry-After': '5' },
  });

/** Maps anything thrown to the closed table; internals are logged, never returned. */
export function toApiError(e: unknown, requestId: string): ApiError {
  if (e instanceof ApiError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/P2034|could not serialize|deadlock/i.test(msg)) {
    return new ApiError('conflict', 'The request conflicted with a concurrent change; retry it.');
  }
  // A unique index refused a row that a concurrent request created first (e.g. the same email).
  if (/P2002|Unique constraint failed|duplicate key value violates unique constraint/i.test(msg)) {
    return new ApiError('conflict', 'The request conflicts with an object that was created concurrently; retry it.');
  }
  if (isDatabaseUnavailable(e) || /Transaction API error: Unable to start a transaction/i.test(msg)) {
    log.warn({ request_id: requestId, err: msg }, 'database unavailable');
    return unavailable();
  }
  log.error({ request_id: requestId, err: msg, stack: e instanceof Error ? e.stack : undefined }, 'unhandled error');
  return new ApiError('internal_error', 'An internal error occurred. Quote the request id when contacting support.');
}

/** Answers for paths no operation serves (the /v1 catch-all). */
export { routeNotFound } from './not-found';
