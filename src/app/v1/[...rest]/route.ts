/** Any /v1 path that no operation serves answers the contract's 404 route_not_found. */
export { GET, POST, PATCH, PUT, DELETE, OPTIONS } from '@/server/http/unserved';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';
