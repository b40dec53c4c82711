import { ApiError } from '../errors';
import { API_VERSION } from '../config';
import { newId } from '../ids';
import catalog from '../operations/catalog.json' with { type: 'json' };
import { errorBody, jsonResponse } from './respond';

/**
 * Answers for requests no operation serves: 404 route_not_found in the error format (Stripe's
 * "Unrecognized request URL"). Kept free of the database and the wrapper so the proxy can use it.
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

const PATTERNS = catalog.map((r) => ({
  method: r.method,
  re: new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  // Per segment, literal (1) or parameter (0): the router prefers a literal segment.
  rank: r.path
    .split('/')
    .map((seg) => (/^\{\w+\}$/.test(seg) ? '0' : '1'))
    .join(''),
}));

/**
 * True when the path is an operation's path but no operation has this method: Next.js would
 * answer such a request with a bare 405, outside the contract's error format. Only the paths
 * the router would pick count: where a literal segment matches (/v1/judgments/intake), the
 * parameter route beside it (/v1/judgments/{judgment_id}) never sees the request, so PATCH
 * there is unserved even though PATCH /v1/judgments/{judgment_id} exists.
 */
export function isUnservedMethod(method: string, pathname: string): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return false;
  const matches = PATTERNS.filter((p) => p.re.test(pathname));
  if (!matches.length) return false;
  const best = matches.reduce((top, p) => (p.rank > top ? p.rank : top), '');
  return !matches.some((p) => p.rank === best && p.method === method);
}
