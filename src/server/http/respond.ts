import { ApiError } from '../errors';
import { toJson } from '../json';

export function errorBody(e: ApiError, requestId: string) {
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
      doc_url: `/docs#errors-${e.code}`,
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
