/** `/v1` itself is no operation; the catch-all below it does not match it. */
export { GET, POST, PATCH, PUT, DELETE, OPTIONS } from '@/server/http/unserved';
