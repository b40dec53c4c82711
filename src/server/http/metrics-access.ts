import { timingSafeEqual } from 'node:crypto';
import { peerAddress } from './client-address';

type HeaderBag = { get(name: string): string | null };

const isLoopback = (a: string) => /^127\.\d+\.\d+\.\d+$/.test(a) || a === '::1';

/**
 * /metrics holds every tenant's counters. With MD_METRICS_TOKEN set it is served to
 * `Authorization: Bearer <token>` only; without it, only to loopback clients (a scraper on the
 * same host). The socket peer decides, never a forwarded header.
 */
export function metricsAllowed(headers: HeaderBag): boolean {
  const token = process.env.MD_METRICS_TOKEN;
  if (token) {
    const given = Buffer.from((headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  return isLoopback(peerAddress(headers));
}
