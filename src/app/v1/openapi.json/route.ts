import { openApiDocument } from '@/server/operations/openapi';

/** The OpenAPI 3.1 document (no auth). */
export const GET = () => Response.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=60' } });

export { POST, PATCH, PUT, DELETE } from '@/server/http/unserved';
