import { eventLoopText } from '../../../../src/server/http/event-loop.ts';

/** The event loop's delay since the previous read, in the service's /metrics format (bench only). */
export const dynamic = 'force-dynamic';
export const GET = () =>
  new Response(eventLoopText() + '\n', { headers: { 'Content-Type': 'text/plain; version=0.0.4' } });
