import { newId } from '../ids';
import { requestHeaders } from './respond';

/**
 * OPTIONS for a /v1 route file: `Allow` names the methods the route serves (HEAD with GET, and
 * OPTIONS), not the ones it answers 404 route_not_found to, which Next.js's own OPTIONS would
 * list because the file exports them (http/unserved.ts).
 */
export function allow(...methods: ('GET' | 'POST' | 'PATCH' | 'DELETE')[]) {
  const header = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return () => new Response(null, { status: 204, headers: { Allow: header, ...requestHeaders(newId('request')) } });
}
