import { ready } from '@/server/db/ready';
import { hotRead } from '@/server/db/hot-read';

/**
 * Readiness probe for load balancers: 200 once the database is migrated and answers one round
 * trip, 503 with Retry-After otherwise. No auth, no wrapper: `npm run bench` also uses it as the
 * floor of "a Next.js route handler plus one database query" beside the bare /healthz.
 */
export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    await hotRead(await ready(), 'SELECT 1', []);
    return Response.json({ status: 'ready' });
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Retry-After': '5' } });
  }
}
