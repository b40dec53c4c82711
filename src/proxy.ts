import { NextResponse, type NextRequest } from 'next/server';
import { isMalformedPath, malformedPath, trailingSlashRedirect } from './server/http/not-found';

/** Pages reachable without a session; everything else outside the matcher's exclusions is console. */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/signin\/?$/,
  /^\/invite\/[^/]+\/?$/,
  // public/: the favicons and robots.txt are served to anyone (the sign-in page shows the icon too).
  /^\/favicon\.(ico|svg)$/,
  /^\/robots\.txt$/,
];
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

/**
 * Three jobs, no database (proxy runs apart from the app's modules):
 * - malformed percent-encoding (`%ZZ`, `%FF`, a cut-off `%E0%A4%A`) answers 400 in the error
 *   format here, because Next's router would fail to decode it with a plain-text 500.
 * - a trailing slash answers 308 to the path without it, with a request id (next.config.js
 *   turns Next's own redirect off).
 * - console: the optimistic gate. A visit without a session cookie goes to /signin with its URL
 *   as callbackUrl before anything renders. The cookie's signature, the user's status and their
 *   permissions are checked where data is read (console layout and every tRPC procedure).
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (isMalformedPath(pathname)) return malformedPath(req);
  if (pathname.length > 1 && pathname.endsWith('/')) return trailingSlashRedirect(req);
  if (pathname.startsWith('/api/') || pathname.startsWith('/v1/')) return NextResponse.next();
  if (PUBLIC_PAGES.some((re) => re.test(pathname))) return NextResponse.next();
  // Chunked cookies (".0", ".1") are used when a token is large.
  const hasSession = req.cookies
    .getAll()
    .some((c) => SESSION_COOKIES.some((n) => c.name === n || c.name.startsWith(`${n}.`)));
  if (!hasSession) {
    const url = req.nextUrl.clone();
    url.pathname = '/signin';
    url.search = `?${new URLSearchParams({ callbackUrl: pathname + search })}`;
    return NextResponse.redirect(url);
  }
  // Lets the console layout send a stale session back to sign-in with the right callbackUrl.
  const headers = new Headers(req.headers);
  headers.set('x-md-pathname', pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Docs, assets, probes and the benchmark's write floor never pass here. /api/ (next-auth,
  // tRPC, which answers 401 itself) passes only for the percent-encoding check, and /v1 only
  // when its path has a `%` at all: the proxy costs every request it sees about a tenth of a
  // read's CPU (README, Performance).
  matcher: [
    '/v1/:path(.*%.*)',
    '/:path(.+/)',
    '/api/:path*',
    '/((?!v1(?:/|$)|api/|docs(?:/|$)|_next/|metrics$|healthz$|readyz$|bench/write-floor$).*)',
  ],
};
