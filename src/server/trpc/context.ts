import { sessionIdentity } from '../auth/console-session';
import { toApiError } from '../http/api';
import { newId } from '../ids';
import { toTRPCError } from './errors';

/** What every tRPC call starts from: the request and the session's user id (null when signed out). */
export interface TrpcContext {
  headers: Headers;
  /** Response headers of the HTTP call (for cookies); null for server-side callers. */
  resHeaders: Headers | null;
  userId: string | null;
  /** The session version in the cookie, compared with the user's on every call. */
  sessionVersion: number;
}

/**
 * Built per request by the fetch handler and once per render by server components. The session
 * cookie is verified here; the user, organization and roles are loaded by the procedure
 * middleware (procedures.ts), which refuses a missing session.
 */
export async function createTrpcContext(opts: { headers: Headers; resHeaders?: Headers | null }): Promise<TrpcContext> {
  try {
    const session = await sessionIdentity();
    return {
      headers: opts.headers,
      resHeaders: opts.resHeaders ?? null,
      userId: session?.userId ?? null,
      sessionVersion: session?.version ?? 0,
    };
  } catch (e) {
    throw toTRPCError(toApiError(e, newId('request')));
  }
}
