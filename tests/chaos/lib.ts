/**
 * Shared pieces of the chaos scenarios: the PostgreSQL they run on, bounded concurrency, timed
 * requests that never throw, and the figures each scenario prints.
 */
import { appendFileSync } from 'node:fs';
import { VERSION } from '../helpers/server';
import { startPrivatePg } from './private-pg';

/**
 * The PostgreSQL server a scenario creates its database on: DATABASE_URL when set (CI), else a
 * private instance started for the scenario (so `npm run chaos` needs nothing running).
 */
export async function chaosDatabase(): Promise<{ url: string; close(): void }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, close: () => {} };
  const pg = await startPrivatePg();
  return { url: pg.url, close: () => pg.destroy() };
}

/** Runs `fn` over `items` with at most `n` in flight; results keep the input order. */
export async function pool<T, R>(
  items: readonly T[],
  n: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i], i);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP exchange as a scenario sees it: a status, or `status: 0` with the network error. */
export interface Shot {
  status: number;
  body: any;
  headers: Headers | null;
  ms: number;
  error?: string;
}

export interface ShotInit {
  method?: string;
  key?: string | null;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Sends one request to the service; never throws (a refused connection is `status: 0`). */
export async function shoot(base: string, path: string, init: ShotInit = {}): Promise<Shot> {
  const headers: Record<string, string> = { 'MD-Version': VERSION, ...(init.headers ?? {}) };
  if (init.key) headers.Authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(base + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body as BodyInit | undefined,
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
  } catch (e) {
    return {
      status: 0,
      body: null,
      headers: null,
      ms: performance.now() - started,
      error: String((e as Error).cause ?? e),
    };
  }
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Prints a scenario's figures on one line (`CHAOS <scenario> k=v …`), and appends them as JSON
 * to MD_CHAOS_FIGURES when set (the README's Reliability table is written from them).
 */
export function report(scenario: string, figures: Record<string, number | string>): void {
  const line = Object.entries(figures)
    .map(([k, v]) => `${k}=${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : v}`)
    .join(' ');
  console.log(`CHAOS ${scenario} ${line}`);
  if (process.env.MD_CHAOS_FIGURES)
    appendFileSync(process.env.MD_CHAOS_FIGURES, JSON.stringify({ scenario, ...figures }) + '\n');
}
