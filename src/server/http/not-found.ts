import { ApiError } from '../errors';
import { API_VERSION } from '../config';
import { newId } from '../ids';
import { errorBody, jsonResponse } from './respond';

/**
 * Answers for requests no operation serves: 404 route_not_found in the error format (Stripe's
 * "Unrecognized request URL"), for unknown /v1 paths and unserved methods (http/unserved.ts).
 */
export function routeNotFound(req: Request): Response {
  const requestId = newId('request');
  const e = new ApiError('route_not_found', `Unrecognized request URL (${req.method} ${new URL(req.url).pathname}).`);
  return jsonResponse(404, errorBody(e, requestId), {
    'MD-Request-Id': requestId,
    'MD-Version': API_VERSION,
    'MD-Audit-Ref': requestId,
  });
}

/** A path whose percent-encoding does not decode (`%ZZ`, `%FF`, a cut-off `%E0%A4%A`). */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The answer to such a path: 400 parameter_invalid in the error format, with a request id. */
export function malformedPath(): Response {
  const requestId = newId('request');
  const e = new ApiError('parameter_invalid', 'The URL path is not valid percent-encoded UTF-8.');
  return jsonResponse(400, errorBody(e, requestId), {
    'MD-Request-Id': requestId,
    'MD-Version': API_VERSION,
    'MD-Audit-Ref': requestId,
  });
}
