import { routeNotFound } from '@/server/http/not-found';

/** `/v1` itself is no operation; the catch-all below it does not match it. */
export const GET = routeNotFound;
export const POST = routeNotFound;
export const PATCH = routeNotFound;
export const PUT = routeNotFound;
export const DELETE = routeNotFound;
