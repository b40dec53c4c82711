import { routeNotFound } from '@/server/http/not-found';

/** Any /v1 path that no operation serves answers the contract's 404 route_not_found. */
export const GET = routeNotFound;
export const POST = routeNotFound;
export const PATCH = routeNotFound;
export const PUT = routeNotFound;
export const DELETE = routeNotFound;
