/**
 * The bare app's one route: answers like the service's own GET /healthz (no database, no auth,
 * no proxy), so `npm run bench` has Next.js 16 itself as the denominator of every ratio. Its
 * other route, /metrics, is read only between loads.
 */
export const dynamic = 'force-dynamic';
export const GET = () => Response.json({ status: 'ok' });
