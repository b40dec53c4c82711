/** A tiny HTTP client for tests: JSON in/out, default headers, raw access when needed. */
import { VERSION } from './server';

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** `observe` sees every response (the bad-input suite uses it to prove no request ever got a 5xx). */
export function client(baseUrl: string, key: string | null, observe?: (r: Res, method: string, path: string) => void) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const h: Record<string, string> = { 'MD-Version': VERSION, ...headers };
    if (key) h.Authorization = `Bearer ${key}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(baseUrl + path, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const out = { status: res.status, body: parsed as T, headers: res.headers };
    observe?.(out, method, path);
    return out;
  }
  return {
    call,
    get: <T = any>(p: string, h?: Record<string, string>) => call<T>('GET', p, undefined, h),
    post: <T = any>(p: string, b: unknown = {}, h?: Record<string, string>) => call<T>('POST', p, b, h),
    patch: <T = any>(p: string, b: unknown = {}, h?: Record<string, string>) => call<T>('PATCH', p, b, h),
    del: <T = any>(p: string, h?: Record<string, string>) => call<T>('DELETE', p, undefined, h),
    withKey: (k: string | null) => client(baseUrl, k, observe),
    /** Where the server listens (for helpers that speak to it other than through /v1). */
    baseUrl,
  };
}
export type Client = ReturnType<typeof client>;

export const SOURCE = {
  source_type: 'engagement_letter',
  title: 'Engagement letter',
  uri: 'https://docs.example/el.pdf',
};

/** Creates a matter with an authority grant; returns its id. */
export async function matterWithAuthority(c: Client, name = 'Acme v. Debtor') {
  const m = await c.post('/v1/matters', {
    name,
    mode: 'enforcement',
    economics: { contingency_fee_pct: 25, currency: 'USD' },
  });
  if (m.status !== 201) throw new Error(`matter: ${m.status} ${JSON.stringify(m.body)}`);
  const g = await c.post(`/v1/matters/${m.body.matter_id}/authority`, {
    basis: 'engagement_letter',
    granted_by: 'Jane Counsel',
    source_refs: [SOURCE],
  });
  if (g.status !== 201) throw new Error(`grant: ${g.status} ${JSON.stringify(g.body)}`);
  return m.body.matter_id as string;
}
