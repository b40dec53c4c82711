import { ApiError } from '../errors';
import { refusal } from './respond';
import { requestOrigin } from './client-address';
import { decodeUtf8, readCappedBytes } from './body';

/**
 * The gates in front of the console's own endpoints (/api/auth, /api/trpc), which the /v1
 * wrapper does not cover: body caps counted while streaming (413), a cap on tRPC batches,
 * JSON or form bodies only (multipart never reaches a parser), and same-origin tRPC mutations.
 * Refusals use the contract's error format with a request id.
 */
export const AUTH_MAX_BODY_BYTES = 64 * 1024;
export const TRPC_MAX_BODY_BYTES = 1024 * 1024;
export const TRPC_MAX_BATCH = 20;

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Media types a console endpoint accepts; anything else (multipart above all) is 415 unread. */
function assertMediaType(req: Request, allowed: RegExp) {
  const type = (req.headers.get('content-type') ?? '').trim();
  if (type && !allowed.test(type)) {
    throw new ApiError(
      'unsupported_media_type',
      'This endpoint accepts JSON or form bodies only; multipart bodies are refused.',
    );
  }
}

/**
 * The same request with its body read (and capped) up front. A JSON body must be valid UTF-8,
 * as on /v1: a lenient decoder would store U+FFFD where the client sent other bytes.
 */
async function buffered(req: Request, max: number, json = false): Promise<Request> {
  if (!hasBody(req.method)) return req;
  const body = await readCappedBytes(req, max);
  if (json) decodeUtf8(body);
  return new Request(req.url, { method: req.method, headers: req.headers, body: body.byteLength ? body : undefined });
}

/**
 * A state-changing console call must come from the console's own pages: Sec-Fetch-Site
 * `same-origin` when the browser sends it, otherwise an Origin equal to this site's. A request
 * with neither (a cross-site form in an old browser, a script elsewhere) is refused.
 */
export function assertSameOrigin(req: Request): void {
  const site = req.headers.get('sec-fetch-site');
  if (site !== null) {
    if (site === 'same-origin') return;
    throw new ApiError('insufficient_scope', 'Cross-site console requests are refused.');
  }
  const origin = req.headers.get('origin');
  const own = requestOrigin(req.headers, new URL(req.url).origin);
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  if (host === null || host !== new URL(own).host) {
    throw new ApiError(
      'insufficient_scope',
      'Console changes must come from the console itself (Origin header missing or foreign).',
    );
  }
}

/** tRPC: batch size, media type, same origin for mutations (POST), body cap. */
export async function guardTrpc(req: Request): Promise<Request | Response> {
  try {
    const path = new URL(req.url).pathname.replace(/^\/api\/trpc\/?/, '');
    if (path.split(',').length > TRPC_MAX_BATCH) {
      throw new ApiError('parameter_invalid', `A batch may hold at most ${TRPC_MAX_BATCH} calls.`);
    }
    if (hasBody(req.method)) {
      assertMediaType(req, /^application\/json\s*(;|$)/i);
      assertSameOrigin(req);
    }
    return await buffered(req, TRPC_MAX_BODY_BYTES, true);
  } catch (e) {
    if (e instanceof ApiError) return refusal(e, req);
    throw e;
  }
}

/** next-auth: body cap (sign-in forms are tiny) and form or JSON bodies only. */
export async function guardAuth(req: Request): Promise<Request | Response> {
  try {
    if (hasBody(req.method)) assertMediaType(req, /^(application\/x-www-form-urlencoded|application\/json)\s*(;|$)/i);
    return await buffered(req, AUTH_MAX_BODY_BYTES);
  } catch (e) {
    if (e instanceof ApiError) return refusal(e, req);
    throw e;
  }
}
