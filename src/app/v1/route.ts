/** `/v1` itself is no operation; the catch-all below it does not match it. */
export { GET, POST, PATCH, PUT, DELETE, OPTIONS } from '@/server/http/unserved';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';
