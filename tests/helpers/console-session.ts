/**
 * A console session for API tests: signs in through next-auth's Credentials endpoint (as a
 * browser form post would) and calls tRPC procedures with the session cookie. Used where an
 * act exists only in the console (a sanctions review decision, OFAC workflow moves).
 */
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

function cookiesOf(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
  }
}
const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

type Answer<T> = { ok: true; data: T; headers: Headers } | { ok: false; status: number; error: any; headers: Headers };

export interface ConsoleSession {
  /**
   * Calls a tRPC mutation (`sanctions.decide`) or query; answers the tRPC result or its error,
   * with the response headers. `headers` are sent besides the session's own.
   */
  mutate<T = any>(path: string, input: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  query<T = any>(path: string, input: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  /** A raw request to `path` (e.g. a batched `/api/trpc/a,b?batch=1…`) with the session's cookie. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

const sessions = new Map<string, Promise<ConsoleSession>>();

export function consoleSession(
  baseUrl: string,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<ConsoleSession> {
  const key = `${baseUrl}|${email}`;
  if (!sessions.has(key)) sessions.set(key, signIn(baseUrl, email, password));
  return sessions.get(key)!;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<ConsoleSession> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: header(jar) },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  cookiesOf(login, jar);
  if (![...jar.keys()].some((k) => k.includes('session-token')))
    throw new Error(`console sign-in failed for ${email}: ${login.status}`);
  const call = async (path: string, input: unknown, method: 'GET' | 'POST', extra: Record<string, string> = {}) => {
    const payload = JSON.stringify({ json: input });
    const url =
      method === 'GET'
        ? `${baseUrl}/api/trpc/${path}?input=${encodeURIComponent(payload)}`
        : `${baseUrl}/api/trpc/${path}`;
    // A browser's same-origin request: console mutations refuse any other Origin (issue 8).
    const headers = {
      Cookie: header(jar),
      'Content-Type': 'application/json',
      Origin: baseUrl,
      'Sec-Fetch-Site': 'same-origin',
      ...extra,
    };
    const r = await fetch(url, { method, headers, body: method === 'POST' ? payload : undefined });
    // As a browser keeps them: the environment switch answers with its cookie.
    cookiesOf(r, jar);
    const body = (await r.json()) as any;
    if (r.ok) return { ok: true as const, data: body.result.data.json, headers: r.headers };
    return { ok: false as const, status: r.status, error: body.error?.json ?? body.error, headers: r.headers };
  };
  return {
    mutate: (p, i, h) => call(p, i, 'POST', h),
    query: (p, i, h) => call(p, i, 'GET', h),
    fetch: (path, init = {}) =>
      fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { Cookie: header(jar), Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin', ...(init.headers ?? {}) },
      }),
  };
}
