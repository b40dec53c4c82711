import { routeNotFound } from './not-found';

/**
 * Handlers for the methods a /v1 route file does not serve, which it re-exports by name
 * (`export { PUT, DELETE } from '@/server/http/unserved'`): 404 route_not_found in the error
 * format, as Stripe answers, where Next.js would send a bare 405.
 */
export const GET = routeNotFound;
export const POST = routeNotFound;
export const PATCH = routeNotFound;
export const PUT = routeNotFound;
export const DELETE = routeNotFound;
export const OPTIONS = routeNotFound;
