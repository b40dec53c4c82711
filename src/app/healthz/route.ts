/**
 * Liveness probe for load balancers: answers without touching the database or auth.
 * (`GET /v1/health` is the authenticated readiness check that also pings the database.)
 * The benchmark uses it as its bare route-handler baseline.
 */
export const dynamic = 'force-dynamic';
export const GET = () => Response.json({ status: 'ok' });
