import { ApiError } from '../errors';
import { newId } from '../ids';
import { refusal, requestHeaders } from './respond';

/**
 * Answers for requests no operation serves: 404 route_not_found in the error format (Stripe's
 * "Unrecognized request URL"), for unknown /v1 paths and unserved methods (http/unserved.ts).
 */
export function routeNotFound(req: Request): Response {
  return refusal(
    new ApiError('route_not_found', `Unrecognized request URL (${req.method} ${new URL(req.url).pathname}).`),
    req,
  );
}

/**
 * `/v1/matters/` → 308 to `/v1/matters` (query kept), with a request id. The Location is
 * absolute: Next.js refuses a relative one from the proxy.
 */
export function trailingSlashRedirect(req: Request): Response {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return new Response(null, {
    status: 308,
    headers: { Location: url.toString(), ...requestHeaders(newId('request')) },
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
export function malformedPath(req: Request): Response {
  return refusal(new ApiError('parameter_invalid', 'The URL path is not valid percent-encoded UTF-8.'), req);
}
