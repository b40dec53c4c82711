import { openApiDocument } from '@/server/operations/openapi';
import { allow } from '@/server/http/options';
import { requestHeaders } from '@/server/http/respond';
import { newId } from '@/server/ids';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

/** The OpenAPI 3.1 document (no auth), with a request id like every /v1 answer. */
export const GET = () =>
  Response.json(openApiDocument(), {
    headers: { 'Cache-Control': 'public, max-age=60', ...requestHeaders(newId('request')) },
  });

export const OPTIONS = allow('GET');
export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
