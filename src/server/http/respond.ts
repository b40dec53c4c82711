import { ApiError } from '../errors';
import { API_VERSION } from '../config';
import { newId } from '../ids';
import { toJson } from '../json';
import { linkOrigin } from './client-address';

/** The headers every answer outside an operation's own carries: a request id, echoed as its audit ref. */
export const requestHeaders = (requestId: string) => ({
  'MD-Request-Id': requestId,
  'MD-Version': API_VERSION,
  'MD-Audit-Ref': requestId,
});

/** A refusal outside the /v1 wrapper (unknown routes, bad paths, the console's gates), in the error format. */
export function refusal(e: ApiError, req: Request): Response {
  const requestId = newId('request');
  const origin = linkOrigin(req.headers, new URL(req.url).origin);
  return jsonResponse(e.status, errorBody(e, requestId, origin), {
    ...requestHeaders(requestId),
    ...(e.extras.headers ?? {}),
  });
}

/**
 * The error envelope. `doc_url` is absolute (`<origin>/docs#errors-<code>`), so a link logged
 * by a client far from the request still lands on the code's explanation and remedy.
 */
export function errorBody(e: ApiError, requestId: string, origin: string) {
  return {
    error: {
      type: e.type,
      code: e.code,
      message: e.message,
      ...(e.extras.param ? { param: e.extras.param } : {}),
      ...(e.extras.fields ?? {}),
      ...(e.extras.details ? { details: e.extras.details } : {}),
      request_id: requestId,
      audit_ref: requestId,
      doc_url: `${origin}/docs#errors-${e.code}`,
    },
  };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(toJson(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The audit_ref of a stored or fresh body: top level, or inside `error`. */
export function auditRefOf(body: unknown, fallback: string): string {
  const b = body as { audit_ref?: unknown; error?: { audit_ref?: unknown } } | null;
  const ref = b?.audit_ref ?? b?.error?.audit_ref;
  return typeof ref === 'string' ? ref : fallback;
}
