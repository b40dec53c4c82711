import { NextResponse, type NextRequest } from 'next/server';
import { isUnservedMethod, routeNotFound } from './server/http/not-found';

/**
 * A method that no operation serves on an operation's path (PUT /v1/matters, DELETE on a
 * matter…) is an unrecognized request: 404 route_not_found in the error format, as Stripe
 * answers, instead of Next.js's bare 405.
 */
export function proxy(req: NextRequest) {
  if (isUnservedMethod(req.method, req.nextUrl.pathname)) return routeNotFound(req);
  return NextResponse.next();
}

export const config = { matcher: '/v1/:path*' };
